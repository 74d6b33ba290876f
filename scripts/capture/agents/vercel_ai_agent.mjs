// The Vercel AI SDK: generateText with real tools (execute functions) on an OpenAI-compatible
// provider pointed at the fake model, traced by the OpenTelemetry Node SDK with the OTLP/HTTP
// protobuf exporter. run_all.py copies this file into .cache/capture/node/<ai-vN>/ and runs it
// there, so the packages resolve from that folder's node_modules.
//
//   CAPTURE_AI_TELEMETRY=builtin  ai 5: experimental_telemetry (ai.* attributes, metadata userId/sessionId)
//   CAPTURE_AI_TELEMETRY=otel     ai 7: registerTelemetry(new OpenTelemetry()) from @ai-sdk/otel (GenAI conventions)
//   CAPTURE_AI_TELEMETRY=legacy   ai 7: registerTelemetry(new LegacyOpenTelemetry()) (the ai.* attributes)
import { readFileSync } from 'node:fs';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { trace } from '@opentelemetry/api';
import * as ai from 'ai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { z } from 'zod';

const env = process.env;
const data = JSON.parse(readFileSync(env.CAPTURE_SCENARIOS_JSON, 'utf8'));
const scenario = data.scenarios[env.CAPTURE_SCENARIO];
const mode = env.CAPTURE_AI_TELEMETRY || 'builtin';
const record = env.CAPTURE_RECORD_CONTENT !== 'false';

const sdk = new NodeSDK({
  serviceName: env.CAPTURE_SERVICE || 'capture-agent',
  traceExporter: new OTLPTraceExporter({ url: env.CAPTURE_BASE + '/v1/traces' }),
  resourceDetectors: [], // no host, process or OS attributes (machine names and paths)
  instrumentations: [],
});
sdk.start();

if (mode !== 'builtin') {
  const otel = await import('@ai-sdk/otel');
  const Integration = mode === 'legacy' ? otel.LegacyOpenTelemetry : otel.OpenTelemetry;
  const options = mode === 'legacy' ? {} : { runtimeContext: true };
  ai.registerTelemetry(new Integration(options));
}

const provider = createOpenAICompatible({
  name: 'openai', baseURL: env.CAPTURE_BASE + '/v1', apiKey: 'sk-fake-capture-key', includeUsage: true,
});

const tools = {
  get_weather: ai.tool({
    description: data.tools.get_weather.description,
    inputSchema: z.object({ city: z.string().describe('City name') }),
    execute: async ({ city }) => data.weather[city] ?? `${city}: 20 C, cloudy`,
  }),
  get_stock_price: ai.tool({
    description: data.tools.get_stock_price.description,
    inputSchema: z.object({ symbol: z.string().describe('Ticker symbol') }),
    execute: async () => { throw new Error(data.stock_error); },
  }),
};

const telemetry = { isEnabled: true, functionId: 'weather-agent', recordInputs: record, recordOutputs: record };
const call = {
  model: provider.chatModel(data.model),
  system: data.system,
  prompt: scenario.user,
  tools,
  stopWhen: ai.stepCountIs(4),
  maxRetries: 0,
};
let result;
if (mode === 'builtin') {
  telemetry.metadata = { userId: env.CAPTURE_USER_ID, sessionId: env.CAPTURE_SESSION_ID };
  result = await ai.generateText({ ...call, experimental_telemetry: telemetry });
} else {
  // ai 7 has no telemetry metadata; user and session ride on a root span of the app's own
  const tracer = trace.getTracer('capture.agent');
  result = await tracer.startActiveSpan('agent_run', async (root) => {
    root.setAttribute('user.id', env.CAPTURE_USER_ID);
    root.setAttribute('session.id', env.CAPTURE_SESSION_ID);
    try {
      return await ai.generateText({ ...call, telemetry });
    } finally {
      root.end();
    }
  });
}
console.log(result.text);
await sdk.shutdown();
