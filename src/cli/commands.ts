import type { Config } from '../config.js';
import { createApiToken } from '../domain/auth/create-api-token.js';
import { listPlatformApiTokens, revokeApiToken } from '../domain/auth/manage-api-tokens.js';
import { createPlatform } from '../domain/platforms/create-platform.js';
import { setPlatformCsc } from '../domain/platforms/set-platform-csc.js';
import {
  parseEmbedWhiteLabel,
  setPlatformEmbedWhiteLabel,
} from '../domain/platforms/set-platform-embed-white-label.js';
import { setPlatformSenderName } from '../domain/platforms/set-platform-sender-name.js';
import { setPlatformIdentityRule } from '../domain/platforms/set-platform-identity-rule.js';
import { AppError } from '../errors.js';
import { createLogger } from '../infra/logger.js';
import { closeContext, createContext } from '../context.js';
import { blobsCommand, blobsGcCommand } from './blobs-command.js';
import type { SendCommandInput } from './send-command.js';
import { setPlatformNotifyEmail } from '../domain/mail/owner-notice.js';
import { setPlatformReminders } from '../domain/reminders/set-platform-reminders.js';

type Values = Record<string, string | boolean | undefined>;

// The commands that render, send or verify documents are imported when run, so the token and
// platform commands load no PDF, mail or HTTP code (see context.ts).

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);

/** The administrative commands (all but `serve` and `worker`): each opens the database, acts, closes it. */
export async function runAdminCommand(
  config: Config,
  positionals: string[],
  values: Values,
  ordered: SendCommandInput['ordered'] = [],
): Promise<number> {
  const [command, sub, arg] = positionals;
  const json = values.json === true;
  // `blobs migrate` needs no database: it reads the data dir and writes to the bucket.
  if (command === 'blobs' && sub !== 'gc') return blobsCommand(config, sub, stringOption(values, 'to'), json, out);

  // Administrative commands log only warnings, to stderr, so stdout carries just the answer.
  const ctx = await createContext(config, { log: createLogger('warn', process.stderr, config.logFormat) });
  try {
    // A one-word command (bulk-send, send, status, download) takes its argument where the others have their subcommand.
    const oneWord = ['bulk-send', 'send', 'status', 'download'].includes(command ?? '');
    // The document commands act for a platform; by default the one the first start creates.
    const platform = stringOption(values, 'platform') ?? 'default';
    switch (oneWord ? command : `${command} ${sub ?? ''}`.trim()) {
      case 'migrate':
        out(json ? JSON.stringify({ migrated: true }) : 'Database schema is up to date.');
        return 0;
      case 'platform create': {
        if (!arg) throw usage('platform create needs a name');
        const platform = await createPlatform(ctx, { name: arg });
        out(json ? JSON.stringify({ id: platform.id, name: platform.name }) : String(platform.id));
        return 0;
      }
      case 'platform set': {
        const name = arg ?? platform;
        const rule = stringOption(values, 'identity-rule');
        const signerEntersId = stringOption(values, 'signer-enters-id');
        const whiteLabelText = stringOption(values, 'embed-white-label');
        // Every value is checked before anything is written; without any option the identity
        // rule's refusal says what is missing.
        const whiteLabel = whiteLabelText === undefined ? undefined : parseEmbedWhiteLabel(whiteLabelText);
        const identity =
          whiteLabel === undefined || rule !== undefined || signerEntersId !== undefined
            ? await setPlatformIdentityRule(ctx, { platform: name, rule, signerEntersId })
            : null;
        const embed =
          whiteLabel === undefined ? null : await setPlatformEmbedWhiteLabel(ctx, { platform: name, on: whiteLabel });
        const lines = [
          identity &&
            `identity rule of ${name}: ${identity.identityRule}; signers enter their own ID: ${identity.signerEntersId ? 'on' : 'off'}`,
          embed && `embedded white-label of ${name}: ${embed.embedWhiteLabel ? 'on' : 'off'}`,
        ];
        out(json ? JSON.stringify({ ...identity, ...embed }) : lines.filter(Boolean).join('\n'));
        return 0;
      }
      case 'platform set-email': {
        const email = positionals[3];
        if (!arg || !email) throw usage('platform set-email needs a platform name and an e-mail address (or -)');
        await setPlatformNotifyEmail(ctx, arg, email);
        out(
          json
            ? JSON.stringify({ platform: arg, notifyEmail: email === '-' ? null : email })
            : `owner notices of ${arg} go to ${email === '-' ? 'nobody' : email}`,
        );
        return 0;
      }
      case 'platform set-sender-name': {
        const text = positionals[3];
        if (!arg || text === undefined) throw usage('platform set-sender-name needs a platform name and a name (or -)');
        const senderName = await setPlatformSenderName(ctx, arg, text);
        out(
          json
            ? JSON.stringify({ platform: arg, senderName })
            : `mails of ${arg} name as their sender: ${senderName ?? `the platform's name`}`,
        );
        return 0;
      }
      case 'platform set-reminders': {
        const sendAfter = positionals[3];
        if (!arg || !sendAfter) throw usage('platform set-reminders needs a platform name and a sendAfter (or -)');
        const settings = await setPlatformReminders(ctx, { platform: arg, sendAfter, repeatEvery: positionals[4] });
        out(
          json
            ? JSON.stringify({ platform: arg, reminderSettings: settings })
            : settings
              ? `reminders of ${arg}: first ${positionals[3]} after sending, then every ${positionals[4] ?? 'off'}`
              : `reminders of ${arg}: no platform default`,
        );
        return 0;
      }
      case 'platform set-csc': {
        if (!arg) throw usage('platform set-csc needs a platform name');
        const set = await setPlatformCsc(
          ctx,
          values.clear === true
            ? { platform: arg, clear: true }
            : {
                platform: arg,
                url: stringOption(values, 'url'),
                clientId: stringOption(values, 'client-id'),
                clientSecret: await secretOption(values, 'client-secret', ctx.config.csc.clientSecretForCli),
              },
        );
        // The secret is never printed back.
        out(
          json
            ? JSON.stringify(set)
            : set.url
              ? `remote signing of ${arg}: ${set.url} as client ${set.clientId}`
              : `remote signing of ${arg}: off`,
        );
        return 0;
      }
      case 'token create': {
        const platformName = stringOption(values, 'platform');
        if (!platformName) throw usage('token create needs --platform <name>');
        const environment = enumOption(values, 'environment', ['sandbox', 'production'] as const);
        const scope = enumOption(values, 'scope', ['read', 'full'] as const);
        const days = stringOption(values, 'expires-in-days');
        const created = await createApiToken(ctx, {
          platformName,
          ...(environment ? { environment } : {}),
          ...(scope ? { scope } : {}),
          ...(days !== undefined ? { expiresInDays: Number(days) } : {}),
          ...(stringOption(values, 'name') ? { name: stringOption(values, 'name') } : {}),
        });
        out(json ? JSON.stringify(created) : created.token);
        return 0;
      }
      case 'token list': {
        const platformName = stringOption(values, 'platform');
        if (!platformName) throw usage('token list needs --platform <name>');
        const tokens = await listPlatformApiTokens(ctx, platformName);
        if (json) out(JSON.stringify(tokens));
        else if (tokens.length === 0) out('(no tokens)');
        else
          for (const t of tokens) {
            const state = t.revokedAt
              ? 'revoked'
              : t.expiresAt && t.expiresAt <= new Date().toISOString()
                ? 'expired'
                : 'active';
            out(
              `${t.id}\tapi_${t.tokenHint}…\t${t.environment}\t${t.scope}\t${state}\t${t.expiresAt ?? 'no expiry'}\t${t.name}`,
            );
          }
        return 0;
      }
      case 'token revoke': {
        if (!arg) throw usage('token revoke needs a token id');
        const result = await revokeApiToken(ctx, arg);
        out(
          json
            ? JSON.stringify({ id: result.id, revoked: true })
            : result.alreadyRevoked
              ? `${result.id} was already revoked`
              : `${result.id} revoked`,
        );
        return 0;
      }
      case 'platform sender':
        return await (
          await import('./sender-command.js')
        ).senderCommand(
          ctx,
          {
            action: arg,
            args: positionals.slice(3),
            platform,
            name: stringOption(values, 'name'),
            language: stringOption(values, 'language'),
            json,
          },
          out,
        );
      case 'user invite':
        return await (
          await import('./user-command.js')
        ).userInviteCommand(
          ctx,
          {
            platform: stringOption(values, 'platform'),
            // `--email` is also `send`'s flag, so parseArgs reads it as one and leaves the address
            // after it as a positional; `--email=<address>` is not accepted for the same reason.
            email: values.email === true ? arg : undefined,
            role: stringOption(values, 'role'),
            language: stringOption(values, 'language'),
            json,
          },
          out,
        );
      case 'webhook create':
      case 'webhook list':
      case 'webhook delete':
        return await (
          await import('./webhook-command.js')
        ).webhookCommand(
          ctx,
          {
            sub,
            arg,
            platform: stringOption(values, 'platform'),
            url: stringOption(values, 'url'),
            events: stringOption(values, 'events'),
            secret: stringOption(values, 'secret'),
            json,
          },
          out,
        );
      case 'bulk-send':
        return await (
          await import('./bulk-send-command.js')
        ).bulkSendCommand(
          ctx,
          {
            platform: stringOption(values, 'platform'),
            template: stringOption(values, 'template'),
            file: sub,
            draft: values.draft === true,
            json,
          },
          out,
        );
      case 'send':
        return await (
          await import('./send-command.js')
        ).sendCommand(
          ctx,
          {
            file: sub,
            ordered,
            placeholders: values.placeholders === true,
            title: stringOption(values, 'title'),
            platform,
            email: values.email === true,
            json,
          },
          out,
        );
      case 'status':
        return await (await import('./document-command.js')).statusCommand(ctx, { ref: sub, platform, json }, out);
      case 'download':
        return await (
          await import('./document-command.js')
        ).downloadCommand(
          ctx,
          { ref: sub, platform, certificate: values.certificate === true, outFile: stringOption(values, 'out'), json },
          out,
        );
      case 'audit verify':
        return await (await import('./audit-command.js')).auditVerifyCommand(ctx, arg, json, out);
      case 'blobs gc':
        return await blobsGcCommand(ctx, values['dry-run'] === true, json, out);
      default:
        throw usage(`unknown command "${positionals.join(' ')}"`);
    }
  } finally {
    await closeContext(ctx);
  }
}

function usage(message: string): AppError {
  return new AppError('VALIDATION_ERROR', message);
}

function stringOption(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/**
 * A secret option kept out of shell history and `ps`: `-` reads it from stdin (one line), and
 * without the option it is `fallback` (from the environment, through config.ts).
 */
async function secretOption(values: Values, name: string, fallback: string | null): Promise<string | undefined> {
  const given = stringOption(values, name);
  if (given !== '-') return given ?? fallback ?? undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function enumOption<T extends string>(values: Values, name: string, allowed: readonly T[]): T | undefined {
  const v = stringOption(values, name);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw usage(`--${name} must be one of ${allowed.join(', ')}`);
  return v as T;
}
