// Starts picals for SDK (.vsh/.gsh) and picasso (.pica) shaders; all features come from the server.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('picals');
  const command = config.get('path', 'picals');
  client = new LanguageClient(
    'picals',
    'PICA200 shaders (picals)',
    { command, args: ['--stdio'], transport: TransportKind.stdio },
    {
      documentSelector: [
        { scheme: 'file', language: 'picasm' },
        { scheme: 'file', language: 'picasso' },
      ],
      initializationOptions: {
        includeDirs: config.get('includeDirs', []),
        defines: config.get('defines', []),
      },
    }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
