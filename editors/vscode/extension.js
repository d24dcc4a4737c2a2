// Starts picals for SDK (.vsh/.gsh), picasso (.pica) and GLSL (.vert) shaders, and picadbg for 'pica' debug
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
        // GLSL vertex shaders: glslang's and the back end's diagnostics, hover on uniforms, inputs, outputs
        { scheme: 'file', language: 'glsl' },
        // HLSL vertex shaders (VS Code's own 'hlsl' language: .hlsl), through glslang's HLSL front end
        { scheme: 'file', language: 'hlsl' },
      ],
      initializationOptions: {
        includeDirs: config.get('includeDirs', []),
        defines: config.get('defines', []),
      },
    }
  );
  context.subscriptions.push(client);
  // the PICA200 assembly of the GLSL file in the editor, each instruction under a comment naming its GLSL line
  context.subscriptions.push(vscode.commands.registerCommand('pica.showAssembly', async () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return;
    const text = await client.sendRequest('workspace/executeCommand', { command: 'picals.showAssembly', arguments: [editor.document.uri.toString()] });
    const doc = await vscode.workspace.openTextDocument({ language: 'picasm', content: String(text) });
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.Beside);
  }));
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
