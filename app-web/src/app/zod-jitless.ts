/**
 * zod (the domain's schemas, loaded with the form pages) probes `new Function` once to decide
 * whether to compile object parsers. The server's Content-Security-Policy forbids eval, so the
 * browser records a CSP violation for that probe even though zod catches it (Lighthouse best
 * practices: "Issues were logged"). zod's `jitless` setting skips the probe; it parses the same
 * way, only uncompiled. zod keeps its settings in this global and adopts one set before it loads;
 * setting it here, not through zod's `config()`, keeps zod out of the entry chunk (the landing page
 * has no form that needs it). This module runs first (main.tsx); zod-jitless.unit.spec.ts checks
 * that zod reads it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
