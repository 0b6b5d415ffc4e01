import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { DeclaredErrors } from '../src/common/domain-error';

const SOURCE = path.join(__dirname, '..', 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * Every error class of the backend that declares its codes (`static … codes`): found by reading
 * each source file, so that a class added anywhere is walked without being listed here.
 */
export function declaredErrorClasses(): DeclaredErrors[] {
  const found = new Map<string, DeclaredErrors>();
  for (const file of sourceFiles(SOURCE)) {
    if (!/static (override )?readonly codes\b/.test(readFileSync(file, 'utf8'))) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(file) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (typeof value === 'function' && Object.prototype.hasOwnProperty.call(value, 'codes')) {
        found.set(value.name, value as unknown as DeclaredErrors);
      }
    }
  }
  return [...found.values()];
}
