import type { Ctx } from '../domain/context.js';
import { addSenderIdentity } from '../domain/platforms/add-sender-identity.js';
import { getPlatformOperator } from '../domain/platforms/get-platform-operator.js';
import { listSenderIdentities } from '../domain/platforms/list-sender-identities.js';
import { removeSenderIdentity } from '../domain/platforms/remove-sender-identity.js';
import { verifySenderIdentity } from '../domain/platforms/verify-sender-identity.js';
import { AppError } from '../errors.js';
import { LANGUAGES, type Language } from '../lib/vocabulary/languages.js';

export interface SenderCommandInput {
  /** add, verify, list or remove */
  action: string | undefined;
  args: string[];
  platform: string;
  name: string | undefined;
  language: string | undefined;
  json: boolean;
}

/**
 * `firma platform sender add|verify|list|remove`: the platform's sender identities, through the
 * same use cases as the API, as the platform's operator. `add` mails the code (the worker of a
 * running server sends it); `verify` takes it back. The code is never printed.
 */
export async function senderCommand(ctx: Ctx, input: SenderCommandInput, out: (text: string) => void): Promise<number> {
  const operator = await getPlatformOperator(ctx, input.platform);
  const [first, second] = input.args;
  switch (input.action) {
    case 'add': {
      if (!first) throw usage('platform sender add needs an e-mail address');
      if (input.language !== undefined && !(LANGUAGES as readonly string[]).includes(input.language))
        throw usage(`--language must be one of ${LANGUAGES.join(', ')}`);
      const added = await addSenderIdentity(ctx, operator, {
        email: first,
        name: input.name,
        language: input.language as Language | undefined,
      });
      out(
        input.json
          ? JSON.stringify(added)
          : `${added.id}\na code was mailed to ${added.email}: firma platform sender verify ${added.id} <code>`,
      );
      return 0;
    }
    case 'verify': {
      if (!first || !second) throw usage('platform sender verify needs a sender id and the code mailed to it');
      const verified = await verifySenderIdentity(ctx, operator, first, second.trim());
      out(input.json ? JSON.stringify(verified) : `${verified.id} verified: documents may send as ${verified.email}`);
      return 0;
    }
    case 'list': {
      const senders = await listSenderIdentities(ctx, operator);
      if (input.json) out(JSON.stringify(senders));
      else if (senders.length === 0) out('(no sender identities)');
      else
        for (const s of senders)
          out(`${s.id}\t${s.verified ? 'verified' : 'unverified'}\t${s.email}\t${s.name ?? ''}`.trimEnd());
      return 0;
    }
    case 'remove': {
      if (!first) throw usage('platform sender remove needs a sender id');
      await removeSenderIdentity(ctx, operator, first);
      out(input.json ? JSON.stringify({ id: first, removed: true }) : `${first} removed`);
      return 0;
    }
    default:
      throw usage('platform sender takes add, verify, list or remove');
  }
}

function usage(message: string): AppError {
  return new AppError('VALIDATION_ERROR', message);
}
