/**
 * The CLI's help text and command list. This module imports nothing, so `firma --help` and an
 * unknown command are answered without loading the server, the database drivers or Zod.
 */

/** Every command, as typed (a group's subcommand included); `main.ts` refuses anything else. */
export const COMMANDS = [
  'serve',
  'worker',
  'migrate',
  'platform create',
  'platform set',
  'platform set-email',
  'platform set-sender-name',
  'platform set-reminders',
  'platform set-csc',
  'platform sender',
  'token create',
  'token list',
  'token revoke',
  'user invite',
  'webhook create',
  'webhook list',
  'webhook delete',
  'blobs migrate',
  'blobs gc',
  'bulk-send',
  'audit verify',
  'send',
  'status',
  'download',
] as const;

/** The command `positionals` name, or null when they name none of COMMANDS. */
export function commandOf(positionals: readonly string[]): (typeof COMMANDS)[number] | null {
  const [command, sub] = positionals;
  const known = (name: string) => COMMANDS.find((c) => c === name) ?? null;
  return known(command ?? '') ?? known(`${command ?? ''} ${sub ?? ''}`);
}

export const USAGE = `Usage: firma <command> [options]

Commands:
  serve                               start the HTTP server (and the embedded job worker)
        [--workers N]                 N API processes sharing the port (node:cluster)
  worker                              run only the job worker (completion, mail, webhooks, sweeps), no HTTP
  migrate                             bring the database schema up to date
  platform create <name>              create a platform (tenant); prints its id
  platform set [<name>] [--identity-rule cuil|none|rut|ci-uy|cpf] [--signer-enters-id on|off]
        [--platform <name>]           the national ID the platform's signers need before a document
                                      is sent (in the recipient's cuil member): cuil (default),
                                      none, Chile's rut, Uruguay's ci-uy, Brazil's cpf; with
                                      --signer-enters-id on, a signer sent without one types their
                                      own on the signing page before signing
        [--embed-white-label on|off]  its embedded signing pages (/embed/*) apply the embedding
                                      app's css and cssVars (off: Firma's look whatever is asked)
  platform set-email <name> <email|->  where the platform's owner notices go (- for none)
  platform set-sender-name <name> <text|->
                                      who the mails of its documents say sent them (the sender line
                                      and From: "<text> via Firma"); - for the platform's own name
  platform set-reminders <name> <sendAfter> [repeatEvery]
                                      reminders for documents without their own reminderSettings:
                                      intervals 3d, 2w, 1m or off; sendAfter - removes the default
  platform set-csc <name> --url <baseURL> --client-id X --client-secret Y | --clear
                                      the CSC v2 provider DIGITAL recipients may sign through
                                      (the secret is stored sealed, never shown); --clear removes it;
                                      --client-secret - reads it from stdin, and without the option
                                      it comes from FIRMA_CSC_CLIENT_SECRET (kept out of shell history)
  platform sender add <email> [--name TEXT] [--language es|…] [--platform <name>]
                                      register an address the platform's documents may send from
                                      (meta.emailId); a 6-digit code is mailed to it (by the
                                      running server's worker); prints the sender id
  platform sender verify <senderId> <code> [--platform <name>]
                                      confirm the address with the mailed code (10 minutes, 5 tries)
  platform sender list|remove [<senderId>] [--platform <name>]
                                      the platform's senders (verified or not); remove one
  token create --platform <name>      create an API token; prints only the token
        [--environment sandbox|production] [--scope read|full] [--expires-in-days N] [--name TEXT]
  token list --platform <name>        list a platform's tokens (never the tokens themselves)
  token revoke <tokenId>              revoke a token
  user invite --platform <name> --email <address> --role ADMIN|MANAGER|MEMBER [--language es|…]
                                      invite a person to the platform: prints a one-time link
                                      (7 days) that creates their account, or adds an existing
                                      one, with that role; mailed too when SMTP_URL is set
  webhook create --platform <name> --url <url> [--events A,B] [--secret S]
                                      add a webhook endpoint (all events by default); prints its id and secret
  webhook list --platform <name>      list the platform's webhook endpoints
  webhook delete <webhookId> --platform <name>
                                      remove an endpoint
  bulk-send <rows.csv> --platform <name> --template <id> [--draft]
                                      one document per CSV row from a template (see docs/documents.md), with a
                                      progress bar; exit 1 if any row failed (each listed)
  blobs migrate --to s3               copy the data dir's blobs into the configured bucket
                                      (FIRMA_BLOB_STORE=s3), verifying every hash; skips blobs
                                      already there, so it can be run again; exit 1 if any failed
  blobs gc [--dry-run]                remove the blobs (files or bucket objects) no row references
                                      and untouched for FIRMA_BLOB_GC_GRACE_MINUTES (the sweep
                                      workers run every FIRMA_BLOB_GC_INTERVAL_MINUTES); prints
                                      counts and bytes; --dry-run removes nothing
  send <file.pdf> --signer "Name <email> CUIL" [--field type:page:x,y]… [--signer …]
        [--placeholders] [--title T] [--email] [--platform <name>]
                                      create the document and send it; prints each signing URL
                                      (--email: Firma e-mails them). A --field belongs to the
                                      --signer before it (x, y in percent of the page); without
                                      one a signer gets a signature at the bottom of page 1, or,
                                      with --placeholders, the fields the PDF's tags place
  status <documentId|envelopeId> [--platform <name>]
                                      the document's status and each recipient's
  download <documentId|envelopeId> [--certificate] [--out file] [--platform <name>]
                                      write the sealed PDF (or its completion certificate)
                                      send, status and download act for --platform, by default
                                      "default" (the platform the first start creates)
  audit verify <envelopeId|documentId>
                                      check the audit chain, every entry's MAC, the stored PDFs,
                                      and (once final) the sealed certificate and final seals;
                                      exit 0 OK, 1 BROKEN (naming what failed), 2 UNANCHORED

Options:
  --json                              print JSON
  -h, --help                          this help

Configuration comes from environment variables and, for those not set, from a .env file in the
working directory; see docs/configuration.md.
`;
