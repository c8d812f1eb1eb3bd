// Preloaded with `node --import` by api/test/production-imports.test.ts: appends the URL of every module the process
// loads (ESM and CommonJS, through tsx or not) to the file in RECORD_IMPORTS_FILE, one a line.
import fs from 'node:fs';
import { registerHooks } from 'node:module';

const out = process.env.RECORD_IMPORTS_FILE;
if (!out) throw new Error('record-imports.mjs needs RECORD_IMPORTS_FILE');

registerHooks({
  load(url, context, nextLoad) {
    fs.appendFileSync(out, `${url}\n`);
    return nextLoad(url, context);
  },
});
