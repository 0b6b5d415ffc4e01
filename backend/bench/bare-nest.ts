import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { compressAnswers } from '../src/common/compress-answers';

/**
 * The Reads baseline of the framework: NestJS on Express with one controller answering the JSON
 * the app's GET /api/capacity gave, and nothing else (no middleware, no body parser, no logger).
 * With BARE_COMPRESSION=true, the app's compression of every answer (compressAnswers, as the app
 * installs it) and only that, to show what it costs a route by itself.
 * Spawned as its own process, like the app.
 */
const answer: unknown = JSON.parse(process.env.BARE_BODY ?? '{}');

@Controller()
class CapacityController {
  @Get('api/capacity')
  capacity(): unknown {
    return answer;
  }
}

@Module({ controllers: [CapacityController] })
class BareModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(BareModule, {
    logger: false,
    bodyParser: false,
  });
  app.getHttpServer().keepAliveTimeout = 60_000;
  if (process.env.BARE_COMPRESSION === 'true') compressAnswers(app.getHttpAdapter().getInstance());
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
