import { z } from 'zod/v4';

// The Content-Security-Policy has no 'unsafe-eval', so zod must not compile parsers with
// new Function (nor probe whether it may). Zod decides when a schema is built, at module load.
// In the web build `zod` resolves to this module (vite.config.ts), so whichever page's code uses
// zod first sets this before building any schema; the till's code uses none (decision 058), so
// it no longer loads zod just to configure it.
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
