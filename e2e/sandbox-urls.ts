/** The sandbox the e2e suite starts: its own ports, so a running `npm run demo` does not clash. */
const ports = {
  api: Number(process.env.E2E_API_PORT ?? 4110),
  threeDs: Number(process.env.E2E_3DS_PORT ?? 4111),
  demo: Number(process.env.E2E_DEMO_PORT ?? 4112),
};

export const SANDBOX = {
  ports,
  api: `http://127.0.0.1:${ports.api}`,
  threeDs: `http://localhost:${ports.threeDs}`,
  demo: `http://127.0.0.1:${ports.demo}`,
};
