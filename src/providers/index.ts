// One adapter per wire API behind createModelClient, the model catalogue, pricing, the
// apiKeyHelper and the fallback model (module entry; adapters load lazily inside).

export { type ApiKeyHelper, createApiKeyHelper } from "./api-key-helper.js";
export { connectEarly, createModelClient, PROVIDER_NAMES } from "./create-model-client.js";
export { withFallbackModel } from "./fallback-client.js";
export {
  anthropicModelFacts,
  type Effort,
  KNOWN_MODELS,
  MODEL_ALIASES,
  openaiModelFacts,
} from "./model-catalog.js";
export { createModelClients, type ModelClients } from "./model-clients.js";
export { modelPrice, usageCost } from "./pricing.js";
