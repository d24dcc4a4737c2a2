// Drives bin/picadbg with @vscode/debugadapter-testsupport, the client VS Code's own debug
// adapters are tested with: a line breakpoint moved to the next line with code, evaluate,
// variables and setVariable, step back, out, in and over, a conditional breakpoint, and the end;
// a GLSL shader stopped at a GLSL line with its variables by name.
// The shader is the Java test's (debugger/src/test/resources/dev/pica/debug/dbg.vsh); expected
// values are worked out from it by hand. Exits 1 on any difference.
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const root = path.join(__dirname, '..', '..', '..');
const adapter = process.env.PICADBG || path.join(root, 'bin', 'picadbg');
const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'picadbg-')));
const shader = path.join(dir, 'dbg.vsh');
fs.copyFileSync(path.join(root, 'debugger/src/test/resources/dev/pica/debug/dbg.vsh'), shader);
// scale = 2; vertex 0 at (1, 2, 3, 1), vertex 1 at (0, 0, 0, 1)
fs.writeFileSync(path.join(dir, 'dbg.json'), JSON.stringify({
  uniforms: { scale: [2, 2, 2, 2] },
  vertices: [{ aPosition: [1, 2, 3, 1] }, { aPosition: [0, 0, 0, 1] }],
}));
const launch = (extra) => Object.assign({ program: 'dbg.vsh', cwd: dir, input: 'dbg.json' }, extra);

async function session(body) {
  const dc = new DebugClient('sh', adapter, 'pica');
  // a first run records the launchers' class-data archive: allow for it
  dc.defaultTimeout = 60000;
  await dc.start();
  try {
    await body(dc);
  } finally {
    await dc.stop();
  }
}

const top = async (dc) => (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
const evaluate = async (dc, expression) => (await dc.evaluateRequest({ expression, frameId: 1 })).body.result;
const stopped = (dc, reason) => dc.waitForEvent('stopped').then((e) => assert.strictEqual(e.body.reason, reason));

async function main() {
  // a launcher whose jars are older than the sources builds them first: not inside a session's timeout
  require('child_process').execFileSync('sh', [adapter, '--version'], { stdio: ['ignore', 'ignore', 'inherit'] });
  await session(async (dc) => {
    // line 13 is blank: the breakpoint is verified at line 14, where the run stops
    await dc.hitBreakpoint(launch(), { path: shader, line: 13 }, { path: shader, line: 14 }, { path: shader, line: 14 });
    assert.strictEqual(await evaluate(dc, 'r0'), '(2, 4, 6, 2)');
    assert.strictEqual(await evaluate(dc, 'r0.y'), '4');
    assert.strictEqual(await evaluate(dc, 'scale.w == 2'), 'true');

    // variables: the Registers scope, r0's lanes
    const scopes = (await dc.scopesRequest({ frameId: 1 })).body.scopes;
    assert.deepStrictEqual(scopes.map((s) => s.name), ['Registers', 'Inputs', 'Outputs', 'Uniforms']);
    const regs = (await dc.variablesRequest({ variablesReference: scopes[0].variablesReference })).body.variables;
    const r0 = regs.find((v) => v.name === 'r0');
    assert.strictEqual(r0.value, '(2, 4, 6, 2)');
    const lanes = (await dc.variablesRequest({ variablesReference: r0.variablesReference })).body.variables;
    assert.deepStrictEqual(lanes.map((v) => v.name + '=' + v.value), ['x=2', 'y=4', 'z=6', 'w=2']);

    // back into the routine (its nop, line 22) and once more (its add, line 21, r0 not yet doubled)
    await Promise.all([dc.stepBackRequest({ threadId: 1 }), stopped(dc, 'step')]);
    let frames = await top(dc);
    assert.deepStrictEqual(frames.map((f) => f.name + ':' + f.line), ['double:22', 'main:12']);
    await Promise.all([dc.stepBackRequest({ threadId: 1 }), stopped(dc, 'step')]);
    assert.strictEqual((await top(dc))[0].line, 21);
    assert.strictEqual(await evaluate(dc, 'r0'), '(1, 2, 3, 1)');
    // out of the routine, to line 14 again (where the breakpoint is), and over one line
    await Promise.all([dc.stepOutRequest({ threadId: 1 }), dc.waitForEvent('stopped')]);
    assert.deepStrictEqual((await top(dc)).map((f) => f.line), [14]);
    await Promise.all([dc.nextRequest({ threadId: 1 }), stopped(dc, 'step')]);
    assert.strictEqual((await top(dc))[0].line, 15);
    // set r1.y before 'mov o0, r1': vertex 0's position shows it
    const regs2 = (await dc.variablesRequest({ variablesReference: (await dc.scopesRequest({ frameId: 1 })).body.scopes[0].variablesReference })).body.variables;
    const r1 = regs2.find((v) => v.name === 'r1');
    assert.strictEqual(r1.value, '(4, 8, 12, 4)');
    assert.strictEqual((await dc.setVariableRequest({ variablesReference: r1.variablesReference, name: 'y', value: '-1' })).body.value, '-1');

    // a conditional breakpoint instead: only vertex 1 has aPosition.x < 1
    const set = await dc.setBreakpointsRequest({ source: { path: shader }, breakpoints: [{ line: 14, condition: 'aPosition.x < 1' }] });
    assert.strictEqual(set.body.breakpoints[0].verified, true);
    const output = dc.assertOutput('stdout', 'vertex 0 ended after 8 words: position=(4, -1, 12, 4) color=(1, 0, -1, 2)\n');
    await Promise.all([dc.continueRequest({ threadId: 1 }), dc.assertStoppedLocation('breakpoint', { path: shader, line: 14 }), output]);
    assert.strictEqual(await evaluate(dc, 'aPosition'), '(0, 0, 0, 1)');
    // the end
    await Promise.all([dc.continueRequest({ threadId: 1 }), dc.waitForEvent('terminated')]);
  });

  await session(async (dc) => {
    // stop on entry, step over the call and into it
    await Promise.all([dc.configurationSequence(), dc.launch(launch({ stopOnEntry: true })), dc.assertStoppedLocation('entry', { path: shader, line: 11 })]);
    await Promise.all([dc.nextRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { line: 12 })]);
    await Promise.all([dc.stepInRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { line: 21 })]);
    assert.strictEqual((await top(dc)).length, 2);
    // a name the shader lacks is an error response, and the session goes on
    await assert.rejects(dc.evaluateRequest({ expression: 'nosuch', frameId: 1 }), /the shader has no uniform, input or register 'nosuch'/);
    await Promise.all([dc.stepOutRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { line: 14 })]);
    await Promise.all([dc.continueRequest({ threadId: 1 }), dc.waitForEvent('terminated')]);
  });

  await session(async (dc) => {
    // a GLSL vertex shader compiled in memory (the Java test's shade.vert): a GLSL line, its variables by name
    const glsl = path.join(dir, 'shade.vert');
    fs.copyFileSync(path.join(root, 'debugger/src/test/resources/dev/pica/debug/shade.vert'), glsl);
    const inputs = { uniforms: { light: [0.6, 0.8, 0, 0] }, vertices: [{ position: [1, 2, 3], normal: [1, 2, 2] }] };
    await dc.hitBreakpoint({ program: 'shade.vert', cwd: dir, inputs }, { path: glsl, line: 16 }, { path: glsl, line: 16 }, { path: glsl, line: 16 });
    const scopes = (await dc.scopesRequest({ frameId: 1 })).body.scopes;
    assert.deepStrictEqual(scopes.map((s) => s.name), ['Locals', 'Registers', 'Inputs', 'Outputs', 'Uniforms']);
    const locals = (await dc.variablesRequest({ variablesReference: scopes[0].variablesReference })).body.variables;
    assert.deepStrictEqual(locals.map((v) => v.name + ':' + v.type), ['n:vec3', 's:float', 'i:int']);
    assert.deepStrictEqual(locals.slice(1).map((v) => v.value), ['0', '0']);
    assert.strictEqual(await evaluate(dc, 'i'), '0');
    await Promise.all([dc.continueRequest({ threadId: 1 }), dc.assertStoppedLocation('breakpoint', { path: glsl, line: 16 })]);
    assert.strictEqual(await evaluate(dc, 'i'), '1');
    await Promise.all([dc.stepBackRequest({ threadId: 1 }), stopped(dc, 'step')]);
    assert.strictEqual((await top(dc))[0].line, 9, 'shade(), inlined');
  });

  await session(async (dc) => {
    // a missing program: an error response naming it
    await assert.rejects(dc.launch({ program: 'missing.vsh', cwd: dir }), /the program '.*missing\.vsh' does not exist/);
  });
  console.log('debug adapter: 4 sessions through @vscode/debugadapter-testsupport passed');
}

main().then(() => fs.rmSync(dir, { recursive: true, force: true }), (e) => {
  console.error(e);
  process.exit(1);
});
