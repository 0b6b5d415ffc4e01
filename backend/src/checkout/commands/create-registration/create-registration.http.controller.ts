import { Body, Controller, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { VisitorCommand } from '../../../common/api-refusals';
import { ConcurrentChange } from '../../../common/request-errors';
import { requestId } from '../../../common/request-id';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { clientIdentityOf } from '../../../security/client-identity';
import { clientKeyOf } from '../../../security/request-counts';
import { RegistrationsThrottled } from '../../../security/registration-rate-limit';
import { PaymentProviderError } from '../../../payments/payment-gateway';
import { only } from '../../../common/domain-error';
import {
  DuplicateRegistrationError,
  InvalidTransitionError,
  EventNotOpenError,
  SlotNotOpenError,
  UnpaidHoldsCapError,
} from '../../../registrations/domain/registration-errors';
import { CreateRegistrationCommand, type RegistrationBody } from './create-registration.command';
import { CreateRegistrationRequestDto } from './create-registration.request.dto';
import { CreateRegistrationResponseDto } from './create-registration.response.dto';

/** The registration route, where the rate limit and the Idempotency-Key's middleware stand too. */
export const CREATE_REGISTRATION_PATH = '/api/create-checkout-session';

@ApiTags('registrations')
@Controller()
export class CreateRegistrationHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // Its Idempotency-Key is honoured by IdempotentAnswers, a middleware on this path (server.ts).
  @Post(CREATE_REGISTRATION_PATH.slice(1))
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Any 1 to 255 visible ASCII characters, new for each registration: a retry with the same key and body gets the first answer (Idempotent-Replayed: true) instead of registering twice.',
  })
  @VisitorCommand({
    operationId: 'createRegistration',
    summary: 'Register for a slot',
    description:
      'Holds a seat and answers the payment page, or, when the slot is full, puts the visitor on the waiting list. Too many registrations from one address (REGISTRATION_RATE_LIMIT per window), or as many seats held unpaid from it as UNPAID_HOLDS_PER_ADDRESS allows, are answered 429 with Retry-After.',
    refusals: [
      EventNotOpenError,
      only(InvalidTransitionError, 'no-seat-awaiting-payment'),
      SlotNotOpenError,
      DuplicateRegistrationError,
      UnpaidHoldsCapError,
      RegistrationsThrottled,
      PaymentProviderError,
      ConcurrentChange,
    ],
  })
  @ApiOkResponse({
    type: CreateRegistrationResponseDto,
    headers: {
      'Idempotent-Replayed': {
        description:
          '`true` when this is the first answer to the same Idempotency-Key, given again.',
        schema: { type: 'string', enum: ['true'] },
      },
    },
  })
  async create(
    @Body() body: CreateRegistrationRequestDto,
    @Req() request: Request,
  ): Promise<CreateRegistrationResponseDto> {
    const result = await this.commandBus.execute(
      new CreateRegistrationCommand(
        registrationBodyOf(body),
        requestId(request),
        clientKeyOf(clientIdentityOf(request, this.config.clientIpv6PrefixLength)),
      ),
    );
    if (result.placement === 'waiting-list') {
      return { success: true, waitingList: true, registrationId: result.registrationId };
    }
    return { url: result.checkoutUrl, registrationId: result.registrationId };
  }
}

/** The validated DTO as the command takes it: the optional fields filled in. */
function registrationBodyOf(dto: CreateRegistrationRequestDto): RegistrationBody {
  return {
    name: dto.name,
    email: dto.email,
    whatsapp: dto.whatsapp,
    event: dto.event,
    time: dto.time,
    dream: dto.dream,
    dreamedCaptured: dto.dreamedCaptured ?? false,
    locale: dto.locale ?? 'en',
  };
}
