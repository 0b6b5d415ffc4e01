import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';

/** The Content-Disposition of a CSV file: to be saved, named `filename` when given. */
function csvDisposition(filename?: string): string {
  return filename ? `attachment; filename="${filename}"` : 'attachment';
}

/**
 * A route answering a CSV file to save, as the document says it: `text/csv`, and the
 * Content-Disposition that startCsvFile sends.
 */
export function CsvFileAnswer(filename?: string) {
  return applyDecorators(
    ApiProduces('text/csv'),
    ApiOkResponse({
      description: 'A CSV file.',
      schema: { type: 'string' },
      headers: {
        'Content-Disposition': {
          description: filename
            ? `\`attachment\`, named ${filename}.`
            : '`attachment`: a file to save.',
          schema: { type: 'string', example: csvDisposition(filename) },
        },
      },
    }),
  );
}

/** Starts a CSV file's answer (CsvFileAnswer): 200, UTF-8 CSV, to be saved, never cached. */
export function startCsvFile(response: Response, filename?: string): void {
  response.status(200);
  response.setHeader('Content-Type', 'text/csv; charset=utf-8');
  response.setHeader('Content-Disposition', csvDisposition(filename));
  response.setHeader('Cache-Control', 'no-store');
}
