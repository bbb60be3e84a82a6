import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.js';
import { ROUTES } from './routes.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REDOCLY = join(import.meta.dirname, '../../../node_modules/.bin/redocly');

interface Operation {
  operationId?: string;
  tags?: string[];
  responses: Record<string, unknown>;
}

describe('the OpenAPI document', () => {
  const document = openApiDocument('0.0.0-test') as { paths: Record<string, Record<string, Operation>> };

  it('describes every route of the contract, each with an operationId, a tag and its errors', () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation!.operationId).toBe(route.operationId);
      expect(operation!.tags).toEqual([route.tag]);
      expect(Object.keys(operation!.responses).some((status) => /^4\d\d$/.test(status))).toBe(true);
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(ROUTES.length);
  });

  it("passes Redocly's recommended rules with no error and no warning", () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    let output: string;
    try {
      output = execFileSync(REDOCLY, ['lint', file, '--format=json'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
    } catch (error) {
      output = String((error as { stdout?: unknown }).stdout ?? error);
    }
    const report = JSON.parse(output) as { problems: { ruleId: string; location: { pointer: string }[] }[] };
    expect(report.problems).toEqual([]);
  });
});
