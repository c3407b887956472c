import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The invariants lint enforces must actually fire: lint a small text as if it lived at a path.
const eslint = new ESLint();

async function ruleIds(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

describe('lint invariants', () => {
  it('forbids process.env outside env.ts', async () => {
    expect(await ruleIds('export const port = process.env.PORT;\n', 'apps/server/src/modules/health/x.ts')).toContain('no-restricted-properties');
    expect(await ruleIds('export const port = process.env.PORT;\n', 'apps/server/src/env.ts')).not.toContain('no-restricted-properties');
  });

  it('forbids a web feature importing another feature', async () => {
    const code = "import { signIn } from '@/features/auth/api/sign-in';\nexport default signIn;\n";
    expect(await ruleIds(code, 'apps/web/src/features/dashboard/components/x.tsx')).toContain('no-restricted-imports');
    const relative = "import { signIn } from '../../auth/api/sign-in';\nexport default signIn;\n";
    expect(await ruleIds(relative, 'apps/web/src/features/dashboard/components/x.tsx')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'apps/web/src/app/routes/x.tsx')).not.toContain('no-restricted-imports');
  });

  it('keeps Drizzle and SQL in repositories and db/', async () => {
    const code = "import { sql } from 'drizzle-orm';\nexport const one = sql`select 1`;\n";
    expect(await ruleIds(code, 'apps/server/src/modules/orders/refund-order.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'apps/server/src/modules/orders/orders.routes.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'apps/server/src/lib/tenant.ts')).toContain('no-restricted-imports');
    const subpath = "import { pgTable } from 'drizzle-orm/pg-core';\nexport default pgTable;\n";
    expect(await ruleIds(subpath, 'apps/server/src/realtime/hub.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'apps/server/src/modules/orders/orders.repository.ts')).not.toContain('no-restricted-imports');
    expect(await ruleIds(subpath, 'apps/server/src/db/schema/orders.ts')).not.toContain('no-restricted-imports');
    expect(await ruleIds(code, 'apps/server/src/lib/rate-limiter.ts')).not.toContain('no-restricted-imports');
    expect(await ruleIds(code, 'apps/server/test/orders.test.ts')).not.toContain('no-restricted-imports');
  });

  it('forbids lib/ importing a module', async () => {
    const code = "import { accountsRepository } from '../modules/auth/accounts.repository.ts';\nexport default accountsRepository;\n";
    expect(await ruleIds(code, 'apps/server/src/lib/tenant.ts')).toContain('@typescript-eslint/no-restricted-imports');
    const nested = "import { x } from '../../modules/storage/storage-service.ts';\nexport default x;\n";
    expect(await ruleIds(nested, 'apps/server/src/lib/documents/pdf.ts')).toContain('@typescript-eslint/no-restricted-imports');
    // context.ts declares the Services ports: it may name a module's type, never load its code.
    const typeOnly = "import type { Auth } from '../modules/auth/auth.ts';\nexport type A = Auth;\n";
    expect(await ruleIds(typeOnly, 'apps/server/src/lib/context.ts')).not.toContain('@typescript-eslint/no-restricted-imports');
    expect(await ruleIds(typeOnly, 'apps/server/src/lib/tenant.ts')).toContain('@typescript-eslint/no-restricted-imports');
    expect(await ruleIds(code, 'apps/server/src/lib/context.ts')).toContain('@typescript-eslint/no-restricted-imports');
    expect(await ruleIds(code, 'apps/server/src/services.ts')).not.toContain('@typescript-eslint/no-restricted-imports');
  });

  it("refuses a named schema's .nullable() on the server (the OpenAPI document would drop the null)", async () => {
    const code = "import { z } from '@hono/zod-openapi';\nconst entrySchema = z.object({}).openapi('Entry');\nexport const answer = z.object({ entry: entrySchema.nullable() });\n";
    expect(await ruleIds(code, 'apps/server/src/modules/time-clock/time-clock.routes.ts')).toContain('no-restricted-syntax');
    const fixed = "import { z } from '@hono/zod-openapi';\nimport { nullableRef } from '../../lib/openapi.ts';\nconst entrySchema = z.object({}).openapi('Entry');\nexport const answer = z.object({ entry: nullableRef(entrySchema) });\n";
    expect(await ruleIds(fixed, 'apps/server/src/modules/time-clock/time-clock.routes.ts')).not.toContain('no-restricted-syntax');
  });

  it("forbids a module importing another module's routes", async () => {
    const code = "import { customerSchema } from '../customers/customers.routes.ts';\nexport default customerSchema;\n";
    expect(await ruleIds(code, 'apps/server/src/modules/orders/orders.routes.ts')).toContain('@typescript-eslint/no-restricted-imports');
    expect(await ruleIds(code, 'apps/server/src/modules/orders/list-orders.ts')).toContain('@typescript-eslint/no-restricted-imports');
    const schema = "import { orderViewSchema } from '../orders/order-view.ts';\nexport default orderViewSchema;\n";
    expect(await ruleIds(schema, 'apps/server/src/modules/orders/orders.routes.ts')).not.toContain('@typescript-eslint/no-restricted-imports');
    const own = "import { ordersRoutes } from '../orders.routes.ts';\nexport default ordersRoutes;\n";
    expect(await ruleIds(own, 'apps/server/src/modules/orders/sub/x.ts')).not.toContain('@typescript-eslint/no-restricted-imports');
  });

  it('enforces the rules of hooks and exhaustive effect dependencies in the web app', async () => {
    const conditional = "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (on) {\n    const [x] = useState(0);\n    return x;\n  }\n  return null;\n}\n";
    expect(await ruleIds(conditional, 'apps/web/src/features/orders/components/x.tsx')).toContain('react-hooks/rules-of-hooks');
    const missing = "import { useEffect } from 'react';\nexport function A({ id, load }: { id: string; load: (id: string) => void }) {\n  useEffect(() => load(id), []);\n  return null;\n}\n";
    expect(await ruleIds(missing, 'apps/web/src/features/orders/components/x.tsx')).toContain('react-hooks/exhaustive-deps');
    const good = "import { useEffect, useState } from 'react';\nexport function A({ id, load }: { id: string; load: (id: string) => void }) {\n  const [x] = useState(0);\n  useEffect(() => load(id), [id, load]);\n  return x;\n}\n";
    const ids = await ruleIds(good, 'apps/web/src/features/orders/components/x.tsx');
    expect(ids).not.toContain('react-hooks/rules-of-hooks');
    expect(ids).not.toContain('react-hooks/exhaustive-deps');
  });
});
