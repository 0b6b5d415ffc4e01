// Hand-written stand-in until openapi/openapi.json exists; generate:api overwrites it.
export interface paths {
  '/api/events': {
    get: {
      responses: {
        200: { content: { 'application/json': components['schemas']['EventResponse'][] } };
      };
    };
  };
  '/api/capacity': {
    get: {
      responses: {
        200: {
          content: {
            'application/json': Record<
              string,
              Record<string, components['schemas']['SlotCapacity']>
            >;
          };
        };
      };
    };
  };
  '/api/site-info': {
    get: {
      responses: { 200: { content: { 'application/json': components['schemas']['SiteInfo'] } } };
    };
  };
  '/api/create-checkout-session': {
    post: {
      requestBody: {
        content: { 'application/json': components['schemas']['CreateCheckoutRequest'] };
      };
      responses: {
        201: { content: { 'application/json': components['schemas']['CheckoutResponse'] } };
        400: { content: { 'application/json': components['schemas']['ErrorResponse'] } };
        409: { content: { 'application/json': components['schemas']['ErrorResponse'] } };
      };
    };
  };
  '/api/registrations/{id}': {
    get: {
      parameters: { path: { id: string } };
      responses: {
        200: { content: { 'application/json': components['schemas']['RegistrationResponse'] } };
        404: { content: { 'application/json': components['schemas']['ErrorResponse'] } };
      };
    };
  };
  '/api/registrations/{id}/dreams': {
    post: {
      parameters: { path: { id: string } };
      requestBody: { content: { 'application/json': { dream: string } } };
      responses: {
        201: { content: { 'application/json': { id: string } } };
        404: { content: { 'application/json': components['schemas']['ErrorResponse'] } };
      };
    };
  };
}
export interface components {
  schemas: {
    EventResponse: {
      slug: string;
      city: string;
      venue: string;
      date: string;
      status: 'open' | 'completed' | 'coming-soon';
      priceMinor: number;
      currency: string;
      slots: { time: string; startsAt: string; status: 'open' | 'closed'; capacity: number }[];
    };
    SlotCapacity: { available: number; registered: number; waitingList: number; limit: number };
    SiteInfo: { chatJoinCode: string; contactEmail: string; pressEmail: string };
    CreateCheckoutRequest: {
      name: string;
      email: string;
      whatsapp: string;
      event: string;
      time: string;
      dream: string;
      dreamedCaptured: boolean;
      locale: 'en' | 'it' | 'ro';
    };
    CheckoutResponse: {
      url?: string;
      success?: boolean;
      waitingList?: boolean;
      registrationId: string;
    };
    RegistrationResponse: {
      id: string;
      name: string;
      email: string;
      whatsapp: string;
      event: string;
      time: string;
      waitingList: boolean;
      paid: boolean;
      createdAt: string;
    };
    ErrorResponse: {
      statusCode: number;
      message: string;
      errors: { field: string; message: string }[];
    };
  };
}
