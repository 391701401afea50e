import type { Migration } from 'kysely';
import * as m0001 from './2026_11_22_0001_platforms_and_tokens.js';
import * as m0002 from './2026_11_22_0002_envelopes.js';
import * as m0010 from './2026_11_22_0010_completion_claim.js';
import * as m0011 from './2026_11_23_0011_recipient_expiry.js';
import * as m0012 from './2026_11_23_0012_webhooks.js';
import * as m0013 from './2026_11_23_0013_envelope_listing.js';
import * as m0014 from './2026_11_23_0014_v1_uploads.js';
import * as m0015 from './2026_11_23_0015_rate_limits_idempotency.js';
import * as m0016 from './2026_11_23_0016_platform_notify_email.js';
import * as m0017 from './2026_11_24_0017_envelope_version_triggers.js';
import * as m0018 from './2026_11_26_0018_audit_mac.js';
import * as m0019 from './2026_11_26_0019_idempotency_lease.js';
import * as m0020 from './2026_11_26_0020_webhook_endpoint_due.js';
import * as m0021 from './2026_11_26_0021_upload_urls.js';
import * as m0022 from './2026_11_26_0022_folders.js';
import * as m0025 from './2026_11_26_0025_template_use.js';
import * as m0026 from './2026_11_26_0026_template_direct_links.js';
import * as m0027 from './2026_11_26_0027_form_values.js';
import * as m0029 from './2026_11_26_0029_reminders.js';
import * as m0030 from './2026_11_26_0030_envelope_search.js';
import * as m0031 from './2026_11_26_0031_change_signal.js';
import * as m0033 from './2026_11_26_0033_recipient_verification.js';
import * as m0035 from './2026_11_26_0035_bulk_send.js';
import * as m0036 from './2026_11_26_0036_signature_level.js';
import * as m0037 from './2026_11_26_0037_digital_signatures.js';
import * as m0041 from './2026_11_26_0041_change_signal_fresh_rows.js';
import * as m0042 from './2026_11_26_0042_platform_csc.js';
import * as m0043 from './2026_11_26_0043_envelope_title_trigram_stats.js';
import * as m0044 from './2026_11_26_0044_change_signal_fresh_rows_bounded.js';
import * as m0045 from './2026_11_26_0045_issuer_revocations.js';
import * as m0049 from './2026_11_28_0049_audit_mac_floor.js';
import * as m0051 from './2026_11_28_0051_direct_link_challenges.js';
import * as m0053 from './2026_11_28_0053_seal_identities.js';
import * as m0055 from './2026_11_28_0055_blob_references.js';
import * as m0058 from './2026_11_28_0058_platform_sender_name.js';
import * as m0059 from './2026_11_28_0059_platform_identity_rule.js';
import * as m0060 from './2026_11_28_0060_platform_signer_enters_id.js';
import * as m0061 from './2026_11_28_0061_sender_identities.js';
import * as m0062 from './2026_11_28_0062_platform_embed_white_label.js';
import * as m0063 from './2026_11_28_0063_users_and_sessions.js';
import * as m0064 from './2026_11_28_0064_account_links.js';
import * as m0065 from './2026_11_28_0065_platform_members.js';
import * as m0066 from './2026_11_28_0066_account_audit.js';
import * as m0067 from './2026_11_28_0067_legacy_field_insertion.js';
import * as m0068 from './2026_11_29_0068_passkeys.js';
import * as m0070 from './2026_11_29_0070_envelope_owner.js';
import * as m0071 from './2026_11_29_0071_recipient_lookup.js';
import * as m0073 from './2026_11_29_0073_public_templates.js';
import * as m0074 from './2026_11_29_0074_api_token_last_used.js';
import * as m0076 from './2026_11_29_0076_envelope_type_listing.js';
import * as m0077 from './2026_11_29_0077_team_branding.js';
import * as m0078 from './2026_11_29_0078_envelope_counts.js';

/** Every migration, in order. Names sort by date; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_platforms_and_tokens': m0001,
  '2026_11_22_0002_envelopes': m0002,
  '2026_11_22_0010_completion_claim': m0010,
  '2026_11_23_0011_recipient_expiry': m0011,
  '2026_11_23_0012_webhooks': m0012,
  '2026_11_23_0013_envelope_listing': m0013,
  '2026_11_23_0014_v1_uploads': m0014,
  '2026_11_23_0015_rate_limits_idempotency': m0015,
  '2026_11_23_0016_platform_notify_email': m0016,
  '2026_11_24_0017_envelope_version_triggers': m0017,
  '2026_11_26_0018_audit_mac': m0018,
  '2026_11_26_0019_idempotency_lease': m0019,
  '2026_11_26_0020_webhook_endpoint_due': m0020,
  '2026_11_26_0021_upload_urls': m0021,
  '2026_11_26_0022_folders': m0022,
  '2026_11_26_0025_template_use': m0025,
  '2026_11_26_0026_template_direct_links': m0026,
  '2026_11_26_0027_form_values': m0027,
  '2026_11_26_0029_reminders': m0029,
  '2026_11_26_0030_envelope_search': m0030,
  '2026_11_26_0031_change_signal': m0031,
  '2026_11_26_0033_recipient_verification': m0033,
  '2026_11_26_0035_bulk_send': m0035,
  '2026_11_26_0036_signature_level': m0036,
  '2026_11_26_0037_digital_signatures': m0037,
  '2026_11_26_0041_change_signal_fresh_rows': m0041,
  '2026_11_26_0042_platform_csc': m0042,
  '2026_11_26_0043_envelope_title_trigram_stats': m0043,
  '2026_11_26_0044_change_signal_fresh_rows_bounded': m0044,
  '2026_11_26_0045_issuer_revocations': m0045,
  '2026_11_28_0049_audit_mac_floor': m0049,
  '2026_11_28_0051_direct_link_challenges': m0051,
  '2026_11_28_0053_seal_identities': m0053,
  '2026_11_28_0055_blob_references': m0055,
  '2026_11_28_0058_platform_sender_name': m0058,
  '2026_11_28_0059_platform_identity_rule': m0059,
  '2026_11_28_0060_platform_signer_enters_id': m0060,
  '2026_11_28_0061_sender_identities': m0061,
  '2026_11_28_0062_platform_embed_white_label': m0062,
  '2026_11_28_0063_users_and_sessions': m0063,
  '2026_11_28_0064_account_links': m0064,
  '2026_11_28_0065_platform_members': m0065,
  '2026_11_28_0066_account_audit': m0066,
  '2026_11_28_0067_legacy_field_insertion': m0067,
  '2026_11_29_0068_passkeys': m0068,
  '2026_11_29_0070_envelope_owner': m0070,
  '2026_11_29_0071_recipient_lookup': m0071,
  '2026_11_29_0073_public_templates': m0073,
  '2026_11_29_0074_api_token_last_used': m0074,
  '2026_11_29_0076_envelope_type_listing': m0076,
  '2026_11_29_0077_team_branding': m0077,
  '2026_11_29_0078_envelope_counts': m0078,
};
