// Instruments a service process for a test of a signal during its start (node --require this file):
// when the process first loads its server module (apps/server/src/server.ts, the bulk of the start's
// module graph), it writes {"event":"test.start_held"} on stdout and blocks until the FIFO named by
// HOLD_START_FIFO is written, so that the test signals it at a known point of the loading.
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');

const fifo = process.env.HOLD_START_FIFO;
const server = path.resolve(__dirname, '../../src/server.ts');
const load = Module._load;
let held = !fifo;

Module._load = function holdingLoad(request, parent, isMain) {
  if (!held) {
    let file;
    try {
      file = Module._resolveFilename(request, parent, isMain);
    } catch {
      file = undefined;
    }
    if (file === server) {
      held = true;
      fs.writeSync(1, '{"event":"test.start_held"}\n');
      fs.readFileSync(fifo);
    }
  }
  return load.apply(this, arguments);
};
