// Runs before any module script. zod 4 decides at schema construction whether it may compile
// parsers with `new Function`, probing eval once; the page's CSP forbids eval, so that probe is
// a reported violation. zod reads this global when its module loads, so jitless holds whichever
// chunk constructs the first schema (src/ui/zodUnderCsp.ts sets it too, for the worker).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
