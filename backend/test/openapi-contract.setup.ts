import { contractCheckedFetch } from './openapi-contract';

// Every answer a test receives from a server under test is held to openapi/openapi.json.
globalThis.fetch = contractCheckedFetch(globalThis.fetch);
