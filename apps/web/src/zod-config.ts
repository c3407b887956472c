import { z } from 'zod';

// The Content-Security-Policy has no 'unsafe-eval', so zod must not compile parsers with
// new Function (nor probe whether it may). Zod decides when a schema is built, at module load:
// main.tsx imports this module first, before any module that builds a schema.
z.config({ jitless: true });
