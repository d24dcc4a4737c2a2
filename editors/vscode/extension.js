// Starts picals for SDK (.vsh/.gsh) and picasso (.pica) shaders, and picadbg for 'pica' debug
// sessions; all features come from the server and the adapter.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  // the debugger: picadbg over stdio, wherever picadbg.path says it is
  context.subscriptions.push(vscode.debug.registerDebugAdapterDescriptorFactory('pica', {
    createDebugAdapterDescriptor() {
      return new vscode.DebugAdapterExecutable(vscode.workspace.getConfiguration('picadbg').get('path', 'picadbg'), []);
    },
  }));
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
