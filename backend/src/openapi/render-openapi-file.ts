import { LiveTour } from '../tour/live-tour';
import { loadConfig } from '../config/config';
import { createDataSource } from '../database/data-source';
import { createApp } from '../server';
import { buildOpenApiDocument, serialiseOpenApiDocument } from './openapi-document';

/**
 * The OpenAPI document as checked in. The application is assembled without connecting to a
 * database: only its controllers and DTOs are read.
 */
export async function renderOpenApiFile(): Promise<string> {
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: 'unused-by-the-document',
    DATABASE_URL: 'postgresql://unused@127.0.0.1:1/unused',
    // The document describes GET /metrics, which exists only with a token.
    METRICS_TOKEN: 'unused-by-the-document',
  });
  const dataSource = createDataSource(config.databaseUrl!);
  const app = await createApp(config, dataSource, LiveTour.load(), { logger: false });
  try {
    return serialiseOpenApiDocument(buildOpenApiDocument(app));
  } finally {
    await app.close();
  }
}
