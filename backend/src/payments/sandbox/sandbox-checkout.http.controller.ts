import { Controller, Get, Header, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The sandbox's stand-in for Stripe's hosted checkout page. */
@ApiExcludeController()
@Controller()
export class SandboxCheckoutHttpController {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  @Get('sandbox/checkout/:sessionId')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async page(@Param('sessionId') sessionId: string): Promise<string> {
    const rows: { event: string; time: string; locale: string }[] = await this.dataSource.query(
      'SELECT event, time, locale FROM registration_view WHERE checkout_session_id = $1',
      [sessionId],
    );
    const registration = rows[0];
    if (!registration) throw new NotFoundException('This checkout session does not exist');
    return `<!doctype html>
<html lang="${escapeHtml(registration.locale)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Test payment</title></head>
<body style="background:#0b0b0f;color:#eee;font-family:system-ui,sans-serif">
<main><h1>Test payment</h1>
<p>${escapeHtml(registration.event)} — ${escapeHtml(registration.time)} — 35 RON</p>
</main></body></html>`;
  }
}
