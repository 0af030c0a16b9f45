import { type CliDefinition, CONFIG_OPTION } from '../../src/config/definition.ts';
import { REPORT_OPTIONS } from '../cli/option-definition.ts';

/**
 * Every option of `petstore-conformance proxy`, written once: parseArgs, the environment variables, the config
 * file's "proxy" section (config.schema.json), the option lines of --help and docs/config.md come from here.
 */
export const PROXY_CLI = {
  command: 'petstore-conformance proxy',
  section: 'proxy',
  envPrefix: 'PETSTORE_PROXY_',
  options: {
    upstream: {
      kind: 'string',
      value: 'URL',
      env: 'PETSTORE_UPSTREAM',
      help: "the deployment's base URL, base path included (or PETSTORE_UPSTREAM)",
    },
    port: {
      kind: 'integer',
      value: 'N',
      default: '4011',
      help: 'port to listen on (default 4011; 0 picks a free one)',
    },
    host: {
      kind: 'string',
      value: 'HOST',
      default: '127.0.0.1',
      help: 'address to listen on (default 127.0.0.1)',
    },
    ...REPORT_OPTIONS,
    'min-coverage': {
      kind: 'number',
      value: 'PERCENT',
      help: 'exit 1 when the traffic saw fewer documented (operation, status) pairs',
    },
    har: {
      kind: 'string',
      value: 'FILE',
      help: 'keep every exchange in FILE as HAR 1.2 as it happens (credentials redacted)',
    },
    timeout: {
      kind: 'integer',
      value: 'MS',
      help: 'idle time allowed on the upstream before a 504 (default 10000)',
    },
    'allowed-host': {
      kind: 'string',
      multiple: true,
      value: 'NAME',
      help: "also serve requests for this Host name (repeatable; all: no Host check); localhost, *.localhost, IP literals, --host and this machine's name are always served",
    },
    config: CONFIG_OPTION,
    help: { kind: 'boolean', short: 'h', commandLineOnly: true, help: 'print this help' },
  },
} as const satisfies CliDefinition;
