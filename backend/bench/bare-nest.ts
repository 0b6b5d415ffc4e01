import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';
import { compressAnswers } from '../src/common/compress-answers';

/**
 * The Reads baseline of the framework: NestJS on Express with one controller answering the JSON
 * the app's GET /api/capacity gave, and nothing else (no middleware, no body parser, no logger).
 * With BARE_COMPRESSION=true, the app's compression of every answer (compressAnswers, as the app
 * installs it) and only that, to show what it costs a route by itself.
 *
 * With BARE_INSERT_DATABASE_URL, the rush's floor as well: POST /api/create-checkout-session
 * reads the JSON body (Nest's own parser) and inserts it, as one event-sized row, into that
 * database's bare_inserts table (one statement, its own commit), then answers 201 with an id, as
 * a registration does. No validation, no rule, no batch, no log: what the framework and one
 * write cost a request, which no registration can cost less than.
 * Spawned as its own process, like the app.
 */
const answer: unknown = JSON.parse(process.env.BARE_BODY ?? '{}');
const inserts = process.env.BARE_INSERT_DATABASE_URL
  ? // As many connections as the app's pool has by default (DATABASE_POOL_SIZE).
    new Pool({ connectionString: process.env.BARE_INSERT_DATABASE_URL, max: 10 })
  : undefined;

@Controller()
class CapacityController {
  @Get('api/capacity')
  capacity(): unknown {
    return answer;
  }
}

@Controller()
class InsertController {
  @Post('api/create-checkout-session')
  @HttpCode(201)
  async create(@Body() body: Record<string, unknown>): Promise<unknown> {
    const registrationId = randomUUID();
    await inserts!.query(
      `INSERT INTO bare_inserts (stream_id, stream_version, type, data)
       VALUES ($1, 1, 'RegistrationCreated', $2::jsonb)`,
      [registrationId, JSON.stringify({ ...body, registrationId })],
    );
    return { registrationId, waitingList: false };
  }
}

@Module({ controllers: inserts ? [CapacityController, InsertController] : [CapacityController] })
class BareModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(BareModule, {
    logger: false,
    bodyParser: inserts !== undefined,
  });
  app.getHttpServer().keepAliveTimeout = 60_000;
  if (process.env.BARE_COMPRESSION === 'true') compressAnswers(app.getHttpAdapter().getInstance());
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => inserts?.end())
        .then(() => process.exit(0)),
  );
}

void main();
