// Tokenizes sample shaders with the TextMate engine VS Code itself uses (vscode-textmate over
// vscode-oniguruma) and checks the scope of each token named below. Exits 1 on any difference.
const fs = require('fs');
const path = require('path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const root = path.join(__dirname, '..');
const grammars = {
  'source.picasm': path.join(root, 'syntaxes/picasm.tmLanguage.json'),
  'source.picasso': path.join(root, 'syntaxes/picasso.tmLanguage.json'),
  'source.glsl': path.join(root, 'syntaxes/glsl.tmLanguage.json'),
};

// [line, token text, the scope its innermost scopes must include]; a scope of null: no scope but the file's
const cases = {
  'source.picasm': {
    text: [
      '// sky: a comment',
      '#include "include/common.h"',
      '#define POS v0',
      '#pragma bind_symbol(WORLDVIEWPROJ, c0, c3)',
      '#pragma output_map(texture0, o2.xy)',
      'def c95, 0.0, -1.5, 0.5, 0x3F0000',
      'main:',
      '    dp4     r0.x, c0, POS   /* block */',
      '    mov     r1, -c8[a0.x+1]',
      'loop1: ifb b1',
      '    endif',
      '    MOV     o0, r0',
      '    end',
    ],
    expect: [
      [0, '//', 'comment.line.double-slash.picasm'],
      [0, ' sky: a comment', 'comment.line.double-slash.picasm'],
      [1, 'include', 'keyword.control.directive.include.picasm'],
      [1, '"include/common.h"', 'string.quoted.double.include.picasm'],
      [2, 'define', 'keyword.control.directive.define.picasm'],
      [2, 'POS', 'entity.name.function.preprocessor.picasm'],
      [2, 'v0', 'variable.language.register.picasm'],
      [3, 'pragma', 'keyword.control.directive.pragma.picasm'],
      [3, 'bind_symbol', 'entity.name.function.pragma.picasm'],
      [3, 'WORLDVIEWPROJ', 'variable.other.uniform.picasm'],
      [3, 'c3', 'variable.language.register.picasm'],
      [4, 'texture0', 'support.constant.semantic.picasm'],
      [4, 'xy', 'constant.other.swizzle.picasm'],
      [5, 'def', 'keyword.other.mnemonic.picasm'],
      [5, 'c95', 'variable.language.register.picasm'],
      [5, '-1.5', 'constant.numeric.picasm'],
      [5, '0x3F0000', 'constant.numeric.picasm'],
      [6, 'main', 'entity.name.function.label.picasm'],
      [7, 'dp4', 'keyword.other.mnemonic.picasm'],
      [7, 'x', 'constant.other.swizzle.picasm'],
      [7, ', POS   ', null],
      [7, ' block ', 'comment.block.picasm'],
      [8, '-', 'keyword.operator.negate.picasm'],
      [8, 'c8', 'variable.language.register.picasm'],
      [8, 'a0', 'variable.language.register.picasm'],
      [9, 'loop1', 'entity.name.function.label.picasm'],
      [9, 'ifb', 'keyword.other.mnemonic.picasm'],
      [9, 'b1', 'variable.language.register.picasm'],
      [10, 'endif', 'keyword.other.mnemonic.picasm'],
      [11, 'MOV', 'keyword.other.mnemonic.picasm'],
      [12, 'end', 'keyword.other.mnemonic.picasm'],
    ],
  },
  'source.picasso': {
    text: [
      '; flow-loop: a comment',
      '.fvec uArr[5]',
      '.constf kLimit(10.0, 10.0, 10.0, 10.0)',
      '.out oPos position',
      '.proc main',
      '\tfor kLoop',
      '\t\tadd r0, uArr[aL+1], r0 ; sum',
      '\t\tcmp kLimit, lt, ge, r0',
      '\t\tbreakc cmp.x',
      '\t.end',
      'done: ex2 r1, -r0.x',
      '\tjmpu !bA, done',
      '.end',
    ],
    expect: [
      [0, ' flow-loop: a comment', 'comment.line.semicolon.picasso'],
      [1, 'fvec', 'keyword.control.directive.picasso'],
      [1, 'uArr', 'variable.other.declaration.picasso'],
      [1, '5', 'constant.numeric.picasso'],
      [2, 'kLimit', 'variable.other.declaration.picasso'],
      [2, '10.0', 'constant.numeric.picasso'],
      [3, 'oPos', 'variable.other.output.picasso'],
      [3, 'position', 'support.constant.semantic.picasso'],
      [4, 'proc', 'keyword.control.directive.picasso'],
      [4, 'main', 'entity.name.function.procedure.picasso'],
      [5, 'for', 'keyword.other.mnemonic.picasso'],
      [6, 'add', 'keyword.other.mnemonic.picasso'],
      [6, 'aL', 'variable.language.register.picasso'],
      [6, ' sum', 'comment.line.semicolon.picasso'],
      [7, 'lt', 'keyword.operator.comparison.picasso'],
      [7, 'ge', 'keyword.operator.comparison.picasso'],
      [8, 'breakc', 'keyword.other.mnemonic.picasso'],
      [8, 'x', 'constant.other.swizzle.picasso'],
      [9, 'end', 'keyword.control.directive.picasso'],
      [10, 'done', 'entity.name.function.label.picasso'],
      [10, 'ex2', 'keyword.other.mnemonic.picasso'],
      [10, '-', 'keyword.operator.negate.picasso'],
      [11, 'jmpu', 'keyword.other.mnemonic.picasso'],
      [11, '!', 'keyword.operator.not.picasso'],
      [12, 'end', 'keyword.control.directive.picasso'],
    ],
  },
  // examples/glsl/lit.vert's shapes and a geometry shader's
  'source.glsl': {
    text: [
      '#version 450 core',
      '#include "pica.glsl"',
      '#pragma shader_stage(vertex)',
      '#define SCALE 0.5',
      'layout(location = 0) in vec4 inPos; // position',
      'layout(location = PICA_COLOR) out vec4 color;',
      'uniform mat4 projection[2];',
      'void main() {',
      '    for (int i = 0; i < 3; i++) { if (i == 2) break; }',
      '    gl_Position = projection[0] * vec4(inPos.xyz * 2.0, 1.0) /* w */;',
      '    color = vec4(max(dot(r0.xyz, vec3(.5)), 0.0), 1e-3, 0x10u, true ? 1.0f : 0.0);',
      '    EmitVertex(); shade(color);',
      '}',
    ],
    expect: [
      [0, 'version', 'keyword.control.directive.version.glsl'],
      [0, '450', 'constant.numeric.glsl'],
      [0, 'core', 'support.constant.profile.glsl'],
      [1, 'include', 'keyword.control.directive.include.glsl'],
      [1, '"pica.glsl"', 'string.quoted.double.include.glsl'],
      [2, 'shader_stage', 'entity.name.function.pragma.glsl'],
      [2, 'vertex', 'support.constant.stage.glsl'],
      [3, 'SCALE', 'entity.name.function.preprocessor.glsl'],
      [3, '0.5', 'constant.numeric.glsl'],
      [4, 'layout', 'storage.modifier.glsl'],
      [4, '0', 'constant.numeric.glsl'],
      [4, 'in', 'storage.modifier.glsl'],
      [4, 'vec4', 'storage.type.glsl'],
      [4, ' position', 'comment.line.double-slash.glsl'],
      [5, 'PICA_COLOR', 'support.constant.pica.glsl'],
      [5, 'out', 'storage.modifier.glsl'],
      [6, 'uniform', 'storage.modifier.glsl'],
      [6, 'mat4', 'storage.type.glsl'],
      [7, 'void', 'storage.type.glsl'],
      [7, 'main', 'entity.name.function.glsl'],
      [8, 'for', 'keyword.control.glsl'],
      [8, 'int', 'storage.type.glsl'],
      [8, 'if', 'keyword.control.glsl'],
      [8, 'break', 'keyword.control.glsl'],
      [9, 'gl_Position', 'variable.language.glsl'],
      [9, '2.0', 'constant.numeric.glsl'],
      [9, ' w ', 'comment.block.glsl'],
      [10, 'max', 'support.function.glsl'],
      [10, 'dot', 'support.function.glsl'],
      [10, '.5', 'constant.numeric.glsl'],
      [10, '1e-3', 'constant.numeric.glsl'],
      [10, '0x10u', 'constant.numeric.glsl'],
      [10, 'true', 'constant.language.glsl'],
      [10, '1.0f', 'constant.numeric.glsl'],
      [11, 'EmitVertex', 'support.function.glsl'],
      [11, 'shade', 'entity.name.function.glsl'],
    ],
  },
};

async function main() {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) => (grammars[scope] ? vsctm.parseRawGrammar(fs.readFileSync(grammars[scope], 'utf8'), grammars[scope]) : null),
  });
  let failures = 0, checked = 0;
  for (const [scope, c] of Object.entries(cases)) {
    const grammar = await registry.loadGrammar(scope);
    let state = vsctm.INITIAL;
    const lines = [];
    for (const line of c.text) {
      const r = grammar.tokenizeLine(line, state);
      lines.push(r.tokens.map((t) => ({ text: line.substring(t.startIndex, t.endIndex), scopes: t.scopes })));
      state = r.ruleStack;
    }
    for (const [n, text, want] of c.expect) {
      checked++;
      const tok = lines[n].find((t) => t.text === text);
      const ok = tok && (want === null ? tok.scopes.length === 1 : tok.scopes.includes(want));
      if (!ok) {
        failures++;
        console.error(`${scope} line ${n} '${text}': want ${want}, got ${tok ? tok.scopes.join(' ') : 'no such token: ' + JSON.stringify(lines[n].map((t) => t.text))}`);
      }
    }
  }
  console.log(`grammar tests: ${checked - failures}/${checked} tokens as expected`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
