import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createIntl } from 'react-intl';
import { HttpError } from './http-error';
import { textOfError, textsOfFieldErrors, type CodeTexts } from './errors-by-code';

const ROOT = join(__dirname, '../../..');

function files(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) return files(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

/** A quoted sentence of a backend file (16 characters and more, with no interpolation). */
function sentences(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/'((?:[^'\\\n]|\\.){16,})'/g)]
    .map(([, text]) => text.replace(/\\'/g, "'"))
    .filter((text) => / \S+ /.test(text) && !text.includes('/'));
}

/**
 * The server's words of its refusals: the sentences of every backend file that declares error
 * codes (`static … codes`), and every full sentence (a capital to a full stop) of any other, for
 * words said outside an error class (the passphrase's rules, beside their codes).
 */
function serverMessages(): string[] {
  const found = files(join(ROOT, 'backend/src'), (name) => name.endsWith('.ts')).flatMap((file) =>
    /static (override )?readonly codes\b/.test(readFileSync(file, 'utf8'))
      ? sentences(file)
      : sentences(file).filter((text) => /^[A-Z].*[.!?]$/.test(text)),
  );
  return [...new Set(found)];
}

function answer(status: number, body: unknown): HttpError {
  return new HttpError({ status } as Response, body);
}

const intl = createIntl({
  locale: 'en',
  messages: {
    'x.full': 'Full, sorry',
    'x.long': 'At most {limit}',
    'x.fallback': 'Something went wrong',
  },
});
const texts: CodeTexts = {
  codes: { 'slot-full': 'x.full' },
  fields: { name: { 'too-long': 'x.long' } },
};

describe('errors by code', () => {
  it("chooses the client's words by the answer's code, not by the server's", () => {
    const full = answer(409, {
      statusCode: 409,
      code: 'slot-full',
      message: 'This time slot is full.',
      errors: [],
    });
    expect(textOfError(intl, full, texts, 'x.fallback')).toBe('Full, sorry');
    expect(textOfError(intl, new TypeError('offline'), texts, 'x.fallback')).toBe(
      'Something went wrong',
    );
  });

  it("says a field's refusal by its code, with its bound", () => {
    const refused = answer(400, {
      statusCode: 400,
      code: 'validation-failed',
      message: 'Name must be at most 200 characters',
      errors: [
        {
          field: 'name',
          code: 'too-long',
          limit: 200,
          message: 'Name must be at most 200 characters',
        },
      ],
    });
    expect(textsOfFieldErrors(intl, refused, texts)).toEqual({ name: 'At most 200' });
  });

  it('no client file holds a message of the server: the client chooses by code', () => {
    const messages = serverMessages();
    expect(messages.length).toBeGreaterThan(40);
    expect(messages).toContain('This passphrase is too common.');
    const client = files(
      join(ROOT, 'frontend/src'),
      (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'),
    );
    const found = client.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return messages
        .filter((message) => text.includes(message))
        .map((message) => `${relative(ROOT, file)}: ${message}`);
    });
    expect(found).toEqual([]);
  });
});
