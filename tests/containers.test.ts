/**
 * The container files (Dockerfile, .dockerignore, compose.yaml, deploy/nginx.conf) checked against
 * the project they package. CI has no Docker daemon, so nothing builds or runs them: this keeps
 * what they name — files, npm scripts, ports, paths, environment variables — from rotting
 * silently. Each check is a list of problems, and each is shown to find the slip it is for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SITE_EVENTS_PATH } from '@kernel/core/site-events';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import yaml from 'js-yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(root, file));

const files = {
  dockerfile: read('Dockerfile'),
  dockerignore: read('.dockerignore'),
  compose: read('compose.yaml'),
  nginx: read('deploy/nginx.conf'),
};
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const READY_PATH = '/readyz';

// ── Dockerfile ────────────────────────────────────────────────────────────────────────────────
interface Instruction {
  keyword: string;
  args: string;
  line: number;
}
interface Stage {
  name: string;
  workdir: string;
  instructions: Instruction[];
}

/** Instructions with their continuation lines joined; comments and blank lines dropped, as Docker does. */
function instructionsOf(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    if (/^\s*(#|$)/.test(line)) return;
    const joined = `${pending?.text ?? ''}${line.endsWith('\\') ? line.slice(0, -1) : line} `;
    const start = pending?.line ?? index + 1;
    pending = line.endsWith('\\') ? { text: joined, line: start } : null;
    if (pending) return;
    const match = /^(\w+)\s+(.*)$/s.exec(joined.trim());
    if (match) instructions.push({ keyword: match[1].toUpperCase(), args: match[2], line: start });
  });
  return instructions;
}

function stagesOf(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructionsOf(text)) {
    if (instruction.keyword === 'FROM') {
      const name = /\sAS\s+(\S+)/i.exec(instruction.args)?.[1] ?? String(stages.length);
      stages.push({ name, workdir: '/', instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) continue; // an ARG before the first FROM
    if (instruction.keyword === 'WORKDIR') stage.workdir = path.posix.resolve(stage.workdir, instruction.args.trim());
    stage.instructions.push(instruction);
  }
  return stages;
}

/** `COPY [--flag=value]… <source>… <destination>`, in shell or JSON form. */
function copyOf(args: string): { from?: string; sources: string[] } {
  let rest = args.trim();
  const flags: Record<string, string> = {};
  for (let flag = /^--([\w-]+)(?:=(\S*))?\s+/.exec(rest); flag; flag = /^--([\w-]+)(?:=(\S*))?\s+/.exec(rest)) {
    flags[flag[1]] = flag[2] ?? '';
    rest = rest.slice(flag[0].length);
  }
  const words = rest.startsWith('[') ? (JSON.parse(rest) as string[]) : rest.split(/\s+/);
  return { from: flags.from, sources: words.slice(0, -1) };
}

/** Whether .dockerignore leaves `file` (or a folder it is in) out of the build context. */
function ignoredBy(dockerignore: string, file: string): boolean {
  const patterns = dockerignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const matches = (pattern: string) => {
    const source = pattern
      .replace(/^\/|\/$/g, '')
      .split('**/')
      .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]'))
      .join('(?:.*/)?');
    return new RegExp(`^${source}(?:/.*)?$`).test(file);
  };
  let ignored = false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      if (matches(pattern.slice(1))) ignored = false;
    } else if (matches(pattern)) ignored = true;
  }
  return ignored;
}

/** What a stage makes itself rather than copies in, and the command that makes it. */
const MADE_BY: Record<string, RegExp> = { node_modules: /\bnpm (ci|install)\b/, dist: /\bnpm run build\b/ };
/** Project files named in commands: `cli/bin.js`, `./kernel/server/precompress.ts`… */
const PROJECT_FILE = /(?:^|[\s"'=(])(?:\.\/)?((?:app|cli|config|kernel|plugins)\/[\w./-]+\.(?:ts|js|mjs|json))/g;

function dockerfileProblems(dockerfile: string, dockerignore: string): string[] {
  const problems: string[] = [];
  const stages = stagesOf(dockerfile);
  const inContext = (file: string, where: string) => {
    if (file !== '.' && !exists(file)) problems.push(`${where} names ${file}, which is not in the project`);
    else if (file !== '.' && ignoredBy(dockerignore, file)) problems.push(`${where} names ${file}, which .dockerignore leaves out`);
  };
  for (const stage of stages) {
    for (const { keyword, args, line } of stage.instructions) {
      const where = `Dockerfile line ${line} (${keyword})`;
      if (keyword === 'COPY' || keyword === 'ADD') {
        const { from, sources } = copyOf(args);
        const fromStage = stages.find((s) => s.name === from);
        if (from && !fromStage) continue; // another image
        for (const source of sources) {
          if (!fromStage) {
            inContext(source, where);
            continue;
          }
          const file = path.posix.relative(fromStage.workdir, path.posix.resolve(fromStage.workdir, source));
          const maker = MADE_BY[file.split('/')[0]];
          const runs = fromStage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
          const copiedIn = fromStage.instructions
            .filter((i) => i.keyword === 'COPY' && !copyOf(i.args).from)
            .flatMap((i) => copyOf(i.args).sources.map((s) => path.posix.normalize(s)));
          if (maker) {
            if (!runs.some((run) => maker.test(run))) problems.push(`${where} takes ${file} from stage ${from}, which never makes it`);
          } else if (!copiedIn.some((s) => s === '.' || s === file || file.startsWith(`${s}/`))) {
            problems.push(`${where} takes ${file} from stage ${from}, which never copies it in`);
          } else inContext(file, where);
        }
      }
      if (['RUN', 'CMD', 'ENTRYPOINT', 'HEALTHCHECK'].includes(keyword)) {
        for (const [, script] of args.matchAll(/\bnpm run (?:-s )?([\w:-]+)/g)) {
          if (!scripts[script]) problems.push(`${where} runs \`npm run ${script}\`, which package.json does not define`);
        }
        for (const [, file] of args.matchAll(PROJECT_FILE)) inContext(file, where);
      }
    }
  }

  const runtime = stages.at(-1);
  const last = (keyword: string) => runtime?.instructions.filter((i) => i.keyword === keyword).at(-1)?.args.trim();
  const user = last('USER');
  if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`the runtime stage runs as ${user ?? 'root (no USER)'}: it must run as an unprivileged user`);
  const port = portOf(runtime);
  const exposed = last('EXPOSE');
  if (!port || exposed !== port) problems.push(`the runtime stage exposes ${exposed ?? 'no port'} but sets PORT=${port ?? '(unset)'}`);
  const health = last('HEALTHCHECK') ?? '';
  if (!health.includes(`'${READY_PATH}'`)) problems.push(`the HEALTHCHECK does not ask ${READY_PATH}: ${health || '(none)'}`);
  for (const name of envNamesOf(runtime)) {
    if (!readBySource(name)) problems.push(`the runtime stage sets ${name}, which no code reads`);
  }
  return problems;
}

const envOfStage = (stage: Stage | undefined) =>
  (stage?.instructions.filter((i) => i.keyword === 'ENV').map((i) => i.args) ?? []).join(' ');
const envNamesOf = (stage: Stage | undefined) => [...envOfStage(stage).matchAll(/(?:^|\s)([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]);
/** The PORT a stage sets (`ENV PORT=8080`). */
const portOf = (stage: Stage | undefined) => /\bPORT=(\d+)/.exec(envOfStage(stage))?.[1];

// ── Environment variables the code reads ──────────────────────────────────────────────────────
/** Every non-test source file of the server side and the CLI, as one text. */
const sourceText = ['cli', 'kernel/server', 'kernel/core', 'plugins']
  .flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|js)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => read(path.join(dir, file))),
  )
  .join('\n');

/** Read as `env.NAME`, `env['NAME']`, or named in a string (a table of variable names). */
const readBySource = (name: string) => new RegExp(`\\benv\\.${name}\\b|['"\`]${name}['"\`]`).test(sourceText);

// ── compose.yaml and nginx ────────────────────────────────────────────────────────────────────
interface Service {
  build?: string | { context?: string; dockerfile?: string };
  image?: string;
  deploy?: { replicas?: number };
  environment?: Record<string, string | number | boolean | null> | string[];
  volumes?: string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: unknown };
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

/** A service's variables in either of compose's forms; a name with no value is passed on from the host. */
const envOf = (service: Service): Record<string, string | null> =>
  Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((entry) => [entry.split('=')[0], entry.includes('=') ? entry.slice(entry.indexOf('=') + 1) : null]))
    : Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, value === null ? null : String(value)]));
const dependsOn = (service: Service): Record<string, { condition?: string }> =>
  Array.isArray(service.depends_on) ? Object.fromEntries(service.depends_on.map((name) => [name, {}])) : (service.depends_on ?? {});
const builtHere = (service: Service) => {
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  return build !== undefined && path.posix.normalize(build.context ?? '.') === '.' && (build.dockerfile ?? 'Dockerfile') === 'Dockerfile';
};

/** `location <path> { … }` blocks (deploy/nginx.conf nests none). */
const locationsOf = (conf: string) =>
  new Map([...conf.matchAll(/location\s+(?:[=^~]+\s+)?(\S+)\s*\{([^}]*)\}/g)].map((m) => [m[1], m[2]]));

function composeProblems(composeText: string, nginx: string, dockerfile: string): string[] {
  const problems: string[] = [];
  const compose = yaml.load(composeText) as Compose;
  const services = Object.entries(compose.services);
  const nodes = services.filter(([, service]) => builtHere(service));
  const runtime = stagesOf(dockerfile).at(-1);
  const imageHealthy = runtime?.instructions.some((i) => i.keyword === 'HEALTHCHECK') ?? false;
  const imagePort = portOf(runtime);

  const count = nodes.reduce((sum, [, service]) => sum + (service.deploy?.replicas ?? 1), 0);
  if (count < 2) problems.push(`compose.yaml runs ${count} storefront node(s) built from the Dockerfile; it shows two`);
  for (const [name, service] of services) {
    for (const volume of service.volumes ?? []) {
      const [source] = volume.split(':');
      if (source.startsWith('.') && !exists(source)) problems.push(`service ${name} mounts ${source}, which is not in the project`);
      else if (!source.startsWith('.') && !source.startsWith('/') && !(compose.volumes && source in compose.volumes)) {
        problems.push(`service ${name} mounts the volume ${source}, which compose.yaml does not declare`);
      }
    }
    for (const [other, { condition }] of Object.entries(dependsOn(service))) {
      const target = compose.services[other];
      if (!target) problems.push(`service ${name} depends on ${other}, which is no service`);
      else if (condition === 'service_healthy' && !target.healthcheck && !(builtHere(target) && imageHealthy)) {
        problems.push(`service ${name} waits for ${other} to be healthy, which has no healthcheck`);
      }
    }
  }

  const ports = new Set<string>();
  for (const [name, service] of nodes) {
    const env = envOf(service);
    for (const variable of Object.keys(env)) {
      if (!readBySource(variable)) problems.push(`service ${name} sets ${variable}, which no code reads`);
    }
    ports.add(env.PORT ?? imagePort ?? '8080');
    if (!env.TRUST_PROXY) problems.push(`service ${name} sits behind the proxy without TRUST_PROXY: every shopper would share its address`);
    const uploads = env.UPLOADS_DIR;
    const mounted = (service.volumes ?? []).some((volume) => volume.split(':')[1] === uploads);
    if (!uploads || !mounted) problems.push(`service ${name} keeps uploads in ${uploads ?? 'its own data dir'}, which is no shared volume`);
    const database = env.DATABASE_URL ? new URL(env.DATABASE_URL.replace(/\$\{[^}]*\}/g, 'x')).hostname : undefined;
    if (!database || dependsOn(service)[database]?.condition !== 'service_healthy') {
      problems.push(`service ${name} does not wait for its database (${database ?? 'no DATABASE_URL'}) to be healthy`);
    }
  }
  if (imagePort) ports.add(imagePort);

  const upstream = [...nginx.matchAll(/^\s*server\s+([\w.-]+):(\d+)\b/gm)];
  if (upstream.length === 0) problems.push('deploy/nginx.conf has no upstream server');
  for (const [, host, port] of upstream) {
    if (!nodes.some(([name]) => name === host)) problems.push(`deploy/nginx.conf sends to ${host}, which is no storefront service`);
    if (!ports.has(port) || ports.size > 1) problems.push(`deploy/nginx.conf sends to port ${port}; the nodes listen on ${[...ports].join(', ')}`);
  }
  if (!services.some(([, service]) => (service.volumes ?? []).some((v) => v.split(':')[0] === './deploy/nginx.conf'))) {
    problems.push('no service mounts deploy/nginx.conf');
  }
  for (const header of ['Host', 'X-Forwarded-For', 'X-Forwarded-Proto', 'Upgrade', 'Connection']) {
    if (!new RegExp(`proxy_set_header\\s+${header}\\s`).test(nginx)) problems.push(`deploy/nginx.conf does not set ${header}`);
  }
  const locations = locationsOf(nginx);
  const socketPath = new URL((JSON.parse(read('config/sites/default.json')) as { site: { wss: string } }).site.wss, 'ws://x').pathname;
  if (!locations.get(socketPath)?.includes('proxy_read_timeout')) problems.push(`deploy/nginx.conf holds no socket open at ${socketPath}`);
  if (!/proxy_buffering\s+off/.test(locations.get(SITE_EVENTS_PATH) ?? '')) {
    problems.push(`deploy/nginx.conf buffers the site event stream ${SITE_EVENTS_PATH}`);
  }
  if (!/return\s+404/.test(locations.get('/metrics') ?? '')) problems.push('deploy/nginx.conf lets the public read /metrics');
  return problems;
}

/** `text` with `from` replaced, failing when `from` is not there (a slip that cannot happen proves nothing). */
function slip(text: string, from: string | RegExp, to: string): string {
  const changed = text.replace(from, to);
  expect(changed, `the slip ${String(from)} applies`).not.toBe(text);
  return changed;
}

describe('the Dockerfile', () => {
  it('names only files, scripts and settings the project has, and runs as an unprivileged user with a /readyz healthcheck', () => {
    expect(dockerfileProblems(files.dockerfile, files.dockerignore)).toEqual([]);
  });

  it.each([
    ['a COPY of a file the project lacks', 'COPY package.json package-lock.json ./', 'COPY package.json package-lock.json npm-shrinkwrap.json ./', 'npm-shrinkwrap.json, which is not in the project'],
    ['a runtime COPY of a folder the build never copied in', /COPY \. \.\n/, 'COPY package.json ./\n', 'takes cli from stage build, which never copies it in'],
    ['an npm script package.json lacks', 'npm run build', 'npm run bundle', '`npm run bundle`, which package.json does not define'],
    ['a command naming a moved file', './kernel/server/precompress.ts', './kernel/server/precompress-dist.ts', 'kernel/server/precompress-dist.ts, which is not in the project'],
    ['the runtime run as root', 'USER node', 'USER root', 'runs as root'],
    ['a port other than the one exposed', 'PORT=8080', 'PORT=3000', 'exposes 8080 but sets PORT=3000'],
    ['a healthcheck on another path', "'/readyz'", "'/healthz'", `does not ask ${READY_PATH}`],
    ['a variable no code reads', 'STOREFRONT_DATA_DIR=/data', 'STOREFRONT_DATADIR=/data', 'sets STOREFRONT_DATADIR, which no code reads'],
  ])('finds %s', (_slip, from, to, problem) => {
    const problems = dockerfileProblems(slip(files.dockerfile, from, to), files.dockerignore);
    expect(problems.join('\n')).toContain(problem);
  });

  it('finds a file it copies that .dockerignore leaves out', () => {
    const problems = dockerfileProblems(files.dockerfile, `${files.dockerignore}\nplugins\n`);
    expect(problems.join('\n')).toContain('plugins, which .dockerignore leaves out');
  });

  describe('its healthcheck', () => {
    let t: TestServer | undefined;
    afterAll(() => t?.close());

    it(`asks ${READY_PATH}, which a started server answers with 200`, async () => {
      const health = stagesOf(files.dockerfile).at(-1)?.instructions.find((i) => i.keyword === 'HEALTHCHECK')?.args ?? '';
      const asked = /\+\s*'(\/[^']*)'/.exec(health)?.[1];
      expect(asked).toBe(READY_PATH);
      t = await createTestServer({ plugins: [] });
      const reply = await t.app.inject({ method: 'GET', url: asked });
      expect(reply.statusCode).toBe(200);
    });
  });
});

describe('compose.yaml and deploy/nginx.conf', () => {
  it('run two nodes of this image behind nginx on the port they listen on, with the settings the code reads', () => {
    expect(composeProblems(files.compose, files.nginx, files.dockerfile)).toEqual([]);
  });

  it.each([
    ['one node only', 'replicas: 2', 'replicas: 1', 'runs 1 storefront node(s)'],
    ['a variable no code reads', 'TRUST_PROXY: "1"', 'TRUST_PROXY: "1"\n      TRUST_PROXIES: "1"', 'sets TRUST_PROXIES, which no code reads'],
    ['nodes not behind the proxy', /\n\s*TRUST_PROXY: "1"/, '', 'without TRUST_PROXY'],
    ['uploads on no shared volume', '- uploads:/uploads', '- uploads:/srv/uploads', 'keeps uploads in /uploads, which is no shared volume'],
    ['an undeclared volume', /\nvolumes:\n\s+pgdata:\n/, '\nvolumes:\n', 'mounts the volume pgdata, which compose.yaml does not declare'],
    ['a proxy config the project lacks', './deploy/nginx.conf:', './deploy/proxy.conf:', './deploy/proxy.conf, which is not in the project'],
    ['a healthy wait on a service with no healthcheck', /\n\s+healthcheck:\n(\s{6}.*\n)+/, '\n', 'waits for postgres to be healthy, which has no healthcheck'],
  ])('finds %s', (_slip, from, to, problem) => {
    const problems = composeProblems(slip(files.compose, from, to), files.nginx, files.dockerfile);
    expect(problems.join('\n')).toContain(problem);
  });

  it.each([
    ['an upstream port the nodes do not listen on', 'server storefront:8080', 'server storefront:3000', 'sends to port 3000'],
    ['an upstream that is no service', 'server storefront:8080', 'server shop:8080', 'sends to shop, which is no storefront service'],
    ['a buffered site event stream', 'proxy_buffering off;', '', `buffers the site event stream ${SITE_EVENTS_PATH}`],
    ['no forwarded address', /proxy_set_header X-Forwarded-For .*\n/, '', 'does not set X-Forwarded-For'],
    ['metrics open to the public', /location = \/metrics \{[^}]*\}/, '', 'lets the public read /metrics'],
  ])('finds %s in nginx.conf', (_slip, from, to, problem) => {
    const problems = composeProblems(files.compose, slip(files.nginx, from, to), files.dockerfile);
    expect(problems.join('\n')).toContain(problem);
  });
});
