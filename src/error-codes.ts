/**
 * Every error code Firma answers, with its HTTP status and what it means: the one table the error
 * handler, v1 and the OpenAPI documents read. `src/errors.ts` re-exports it beside AppError.
 */
export const ERROR_STATUS = {
  /** The request body, query or path did not match the schema; `issues` says where. */
  VALIDATION_ERROR: 400,
  /** The body is not parseable JSON. */
  INVALID_JSON: 400,
  /** The JSON (body or multipart payload) nests arrays or objects more than 64 levels deep. */
  JSON_TOO_DEEP: 400,
  /** A multipart request lacks a required part or has an unreadable one. */
  INVALID_MULTIPART: 400,
  /** The uploaded file does not start like a PDF. */
  NOT_A_PDF: 400,
  /** The PDF is truncated or otherwise unreadable. */
  PDF_DAMAGED: 400,
  /** Distribute: a recipient's action auth asks for PASSWORD but the sender set no `accessCode` on it. */
  ACCESS_CODE_REQUIRED: 400,
  /** Signing API: the one-time code is wrong (the answer says how many tries are left). */
  VERIFICATION_CODE_INVALID: 400,
  /** Signing API: no one-time code is outstanding, or it is older than 10 minutes; request a new one. */
  VERIFICATION_CODE_EXPIRED: 400,
  /** Signing API: the one-time code was mistyped 5 times and no longer counts; request a new one. */
  VERIFICATION_CODE_LOCKED: 400,
  /** Signing API: the access code the sender handed over does not match. */
  ACCESS_CODE_INVALID: 400,
  /** Signing API: the CUIL typed is not the recipient's. */
  CUIL_MISMATCH: 400,
  /** A DIGITAL signature level on a recipient who neither signs nor approves (CC, VIEWER, ASSISTANT). */
  SIGNATURE_LEVEL_NOT_ALLOWED: 400,
  /** Signing API: a DIGITAL recipient signs with their certificate (prepare → submit), not by the electronic route. */
  DIGITAL_SIGNATURE_REQUIRED: 400,
  /** Signing API: prepare/submit are for DIGITAL recipients only. */
  DIGITAL_SIGNATURE_NOT_EXPECTED: 400,
  /** Signing API: the certificate or chain sent is not a readable X.509 certificate. */
  CERT_INVALID: 400,
  /** Signing API: the certificate's subject serialNumber does not carry the recipient's CUIL. */
  CERT_CUIL_MISMATCH: 400,
  /** Signing API: the certificate does not chain to a trust anchor (FIRMA_TRUST_ANCHORS). */
  CERT_UNTRUSTED: 400,
  /** Signing API: the certificate (or one of its issuers) is outside its validity period. */
  CERT_EXPIRED: 400,
  /** Signing API: the certificate is revoked (by its OCSP responder or its CRL). */
  CERT_REVOKED: 400,
  /** Signing API: the certificate's key usage allows neither digitalSignature nor nonRepudiation. */
  CERT_KEY_USAGE: 400,
  /** Remote signing: the recipient's platform has no CSC provider configured (`firma platform set-csc`). */
  CSC_NOT_CONFIGURED: 400,
  /** Remote signing: the provider refused the authorisation (wrong PIN, denied, expired or foreign session or state). */
  CSC_AUTHORIZATION_FAILED: 403,
  /** Remote signing: the credential chosen is not among the signer's at the provider, or cannot sign. */
  CSC_CREDENTIAL_INVALID: 400,
  /** Signing API: no pending preparation for this recipient, or it was made for another certificate or revision. */
  SIGNATURE_PREPARATION_NOT_FOUND: 400,
  /** Signing API: another signer's revision was added after this preparation; prepare again. */
  SIGNATURE_PREPARATION_STALE: 409,
  /** Signing API: the signature value does not verify against the certificate's key over the prepared attributes. */
  SIGNATURE_INVALID: 400,
  /** `delegatedDocumentOwner` is not the address of a member of the token's platform (nor of any team it could see). */
  DELEGATED_OWNER_NOT_MEMBER: 400,
  /*
   * Members the API accepts (for Documenso compatibility) but Firma cannot act on yet. Each is
   * refused, with its "off" value (null, [], false, the default) still accepted, rather than
   * stored and ignored: a client must never believe a behaviour was set up that will not happen.
   */
  /** `meta.emailId` names no sender identity of this platform (unknown, removed, or another platform's). */
  EMAIL_SENDER_UNKNOWN: 400,
  /** `meta.emailId` names a sender identity whose address has not been verified with its mailed code yet. */
  EMAIL_SENDER_NOT_VERIFIED: 400,
  /**
   * Signing API: `nextSigner` on a document that does not allow it (`meta.allowDictateNextSigner`
   * false, or PARALLEL signing order).
   */
  NEXT_SIGNER_DICTATION_NOT_ALLOWED: 400,
  /** Signing API: `nextSigner` from the last recipient who acts: there is nobody after them to name. */
  NO_NEXT_SIGNER: 400,
  /** Signing API: an uploaded signature on a document whose `meta.uploadSignatureEnabled` is false. */
  SIGNATURE_UPLOAD_DISABLED: 400,
  /** `meta.language` other than en or es: mails, signing page and certificate exist in those only. */
  LANGUAGE_NOT_SUPPORTED: 400,
  /** `reminderSettings` with a repeat but no first reminder: the repeat would never take effect. */
  REMINDER_SETTINGS_INVALID: 400,
  /** A fieldMeta member the signing page and renderer do not honour (prefills, numberFormat). */
  FIELD_META_NOT_SUPPORTED: 400,
  /** The PDF inflates beyond the limit, nests objects too deeply or takes too long to process. */
  PDF_TOO_COMPLEX: 400,
  /** The PDF is encrypted; Firma cannot burn fields into encrypted content. */
  PDF_ENCRYPTED: 400,
  /** The PDF has no pages. */
  PDF_NO_PAGES: 400,
  /** The PDF has more pages than FIRMA_MAX_PAGES. */
  PDF_TOO_MANY_PAGES: 400,
  /** A placeholder tag in an uploaded PDF (`{{type, rN, …}}`) with an unknown type, recipient or option. */
  PLACEHOLDER_TAG_INVALID: 400,
  /** Field create-many: the `placeholder` text of a field is not in its item's PDF (text already hidden included). */
  PLACEHOLDER_NOT_FOUND: 400,
  /** A field lies outside its page, or on a page the document does not have. */
  FIELD_OUT_OF_BOUNDS: 400,
  /** A field refers to a recipient or item of another envelope, or to none. */
  FIELD_INVALID_REFERENCE: 400,
  /** VIEWER and CC recipients cannot hold fields. */
  FIELD_ROLE_NOT_ALLOWED: 400,
  /** The envelope has more than one item and the field names none. */
  FIELD_ITEM_REQUIRED: 400,
  /** Distribution needs at least one recipient. */
  ENVELOPE_NO_RECIPIENTS: 400,
  /** Every SIGNER needs at least one SIGNATURE or FREE_SIGNATURE field. */
  MISSING_SIGNATURE_FIELD: 400,
  /** Every SIGNER needs a valid CUIL (11 digits, known prefix, mod-11 check digit). */
  RECIPIENT_INVALID_CUIL: 400,
  /** On a platform whose identity rule is RUT, CI_UY or CPF: every SIGNER needs a valid ID of that rule (in `cuil`). */
  RECIPIENT_INVALID_NATIONAL_ID: 400,
  /** A CUIL (or CUIT/DNI in a field) failed its check. */
  INVALID_CUIL: 400,
  /** Every recipient must have an e-mail when Firma sends the mail itself. */
  RECIPIENT_MISSING_EMAIL: 400,
  /** A TEMPLATE is a model for documents: it is never distributed, redistributed or signed. */
  TEMPLATE_NOT_DISTRIBUTABLE: 400,
  /** The envelope has no PDF yet (v1 flow before the upload). */
  ENVELOPE_HAS_NO_DOCUMENT: 400,
  /** The operation needs a DRAFT envelope. */
  ENVELOPE_NOT_DRAFT: 400,
  /** The envelope is COMPLETED; it can no longer change. */
  ENVELOPE_COMPLETED: 400,
  /** The envelope is REJECTED; it can no longer change. */
  ENVELOPE_REJECTED: 400,
  /** The envelope is CANCELLED; it can no longer change. */
  ENVELOPE_CANCELLED: 400,
  /** The envelope is not PENDING (cancel, redistribute). */
  ENVELOPE_NOT_PENDING: 400,
  /** The recipient has signed or filled fields and cannot be changed or removed. */
  RECIPIENT_LOCKED: 400,
  /** The field was filled by its recipient and cannot be changed or removed. */
  FIELD_LOCKED: 400,
  /** A limit on items, recipients, fields or pages per envelope was reached. */
  LIMIT_EXCEEDED: 400,
  /** A value inserted into a field does not satisfy the field's rules. */
  INVALID_FIELD_VALUE: 400,
  /** The field is read-only. */
  FIELD_READ_ONLY: 400,
  FIELD_SIGNED_BY_CERTIFICATE: 400,
  /** The webhook URL is not http(s) or points to a private address. */
  WEBHOOK_URL_NOT_ALLOWED: 400,
  /** Team branding: white text on the colour (and the colour on white) is below 4.5:1 (WCAG 2.1 AA). */
  BRAND_COLOR_LOW_CONTRAST: 400,
  /** Team branding: the logo is not a whole PNG or JPEG (checked by its bytes, not its name or type). */
  LOGO_INVALID: 400,
  /** Team branding: the logo is wider or higher than 2000 pixels (or under 2). */
  LOGO_DIMENSIONS: 400,
  /** Team branding: the logo file is over 512 KB, or once converted to PNG. */
  LOGO_TOO_LARGE: 413,
  /** The folder holds the other type (a TEMPLATE folder for a document, or a subfolder of the other type). */
  FOLDER_TYPE_MISMATCH: 400,
  /** A folder cannot move into itself or one of its subfolders. */
  FOLDER_CYCLE: 400,
  /** `use` of a template: a recipient id that is not one of the template's recipients, or named twice. */
  TEMPLATE_RECIPIENT_NOT_FOUND: 400,
  /** `use` of a template: a prefilled field id that is not one of the template's fields, or named twice. */
  PREFILL_FIELD_NOT_FOUND: 400,
  /** `use` of a template: the prefill's `type` is not the field's type (e.g. `text` for a NUMBER field). */
  PREFILL_FIELD_TYPE_MISMATCH: 400,
  /** Direct link: no template recipient a visitor can become (none named and no SIGNER, or a CC named). */
  DIRECT_LINK_RECIPIENT_INVALID: 400,
  /** Direct link: the template's other recipients lack an e-mail or a signer's CUIL, or the visitor's role lacks a signature field. */
  DIRECT_LINK_TEMPLATE_INCOMPLETE: 400,
  /** `formValues` for a PDF that has no form (AcroForm) fields. */
  PDF_HAS_NO_FORM: 400,
  /** `formValues` names a field the PDF's form does not have. */
  FORM_FIELD_NOT_FOUND: 400,
  /** A `formValues` value the field cannot take (a boolean for a text field, an option it does not list…). */
  FORM_VALUE_INVALID: 400,
  /** `use` of a template: a replacement PDF (customDocumentData, files) names an item the template does not have, a file not sent, or one item twice. */
  CUSTOM_DOCUMENT_INVALID: 400,
  /** `use` of a template: a replacement PDF has fewer pages than the template item's fields need. */
  CUSTOM_DOCUMENT_TOO_FEW_PAGES: 400,
  /** Signing complete without `consent: {accepted: true, version}` of a current statement version. */
  CONSENT_REQUIRED: 400,
  /** A presign token's `scope` is not `documentId:<n>`, `templateId:<n>` or `envelopeId:<id>`. */
  PRESIGN_SCOPE_INVALID: 400,
  /** Bulk send: the CSV cannot be read (syntax, a header column naming nothing of the template, no rows, too many). */
  BULK_SEND_CSV_INVALID: 400,
  /** Bulk send: a cell of the CSV is longer than any column takes (10,000 characters); refused as it streams in. */
  BULK_CSV_CELL_TOO_LONG: 400,
  /** Bulk send: a row of the CSV has more columns than the template can fill (at least 100 allowed); refused as it streams in. */
  BULK_CSV_TOO_MANY_COLUMNS: 400,
  /** No valid API token was provided (missing, unknown, expired, revoked, other environment). */
  UNAUTHORIZED: 401,
  /** The API token is valid but lacks the scope this operation needs. */
  FORBIDDEN: 403,
  /** What a presign token may not do: mint another presign token, or redistribute (re-mail recipients). */
  PRESIGN_TOKEN_NOT_ALLOWED: 403,
  /** A presign token scoped to one document was used on another one, or on an operation not about one document. */
  PRESIGN_SCOPE_MISMATCH: 403,
  /**
   * Signing API: the recipient must verify first. `stage` says what waits (`access`: the document's
   * content and fields; `action`: completing) and `pending` which methods (one of TWO_FACTOR_AUTH /
   * PASSWORD, and CUIL when the sender asked the signer to type it).
   */
  VERIFICATION_REQUIRED: 403,
  /** Nothing with that id exists for this platform. */
  NOT_FOUND: 404,
  /** No route matches the path. */
  ROUTE_NOT_FOUND: 404,
  /** The path exists but not with this method; see the Allow header. */
  METHOD_NOT_ALLOWED: 405,
  /** The result requested does not exist yet in the document's state (e.g. certificate while PENDING). */
  DOCUMENT_NOT_COMPLETED: 409,
  /** The webhook delivery is being attempted right now; replay it once the attempt is over. */
  WEBHOOK_DELIVERY_IN_PROGRESS: 409,
  /** The `pending` rendition exists only while the document is PENDING. */
  DOCUMENT_NOT_PENDING: 409,
  /** The recipient must wait for earlier recipients in a SEQUENTIAL envelope. */
  RECIPIENT_OUT_OF_TURN: 409,
  /** The recipient's link has expired; the sender can redistribute. */
  RECIPIENT_EXPIRED: 409,
  /** The recipient has already completed; fields can no longer change. */
  RECIPIENT_ALREADY_SIGNED: 409,
  /** The recipient has rejected the document. */
  RECIPIENT_REJECTED: 409,
  /** CC recipients only receive the result; they have nothing to sign. */
  RECIPIENT_NO_ACTION: 409,
  /** Required fields are still empty. */
  RECIPIENT_HAS_UNSIGNED_FIELDS: 409,
  /** A request with the same Idempotency-Key is still being processed. */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** A resource with that unique name already exists. */
  ALREADY_EXISTS: 409,
  /** The folder, or one of its subfolders, still holds documents: Firma never deletes them with it. */
  FOLDER_NOT_EMPTY: 409,
  /** The upload URL was already used. */
  UPLOAD_ALREADY_USED: 409,
  /** `use` of a template with replacement PDFs or formValues: the template's items changed while its PDFs were prepared; send it again. */
  TEMPLATE_CHANGED: 409,
  /** Field create-many with `placeholder`: an item's PDF changed while its text was searched; send it again. */
  ENVELOPE_ITEM_CHANGED: 409,
  /** Signing API: this verification is not asked of the recipient now (nothing to send or check). */
  VERIFICATION_NOT_PENDING: 409,
  /** A code for the sender to deliver was asked for a recipient who does not verify with EXTERNAL_TWO_FACTOR_AUTH. */
  VERIFICATION_METHOD_NOT_EXTERNAL: 409,
  /** The upload URL has expired. */
  UPLOAD_EXPIRED: 410,
  /** The template's direct link is turned off by its owner. */
  DIRECT_LINK_DISABLED: 410,
  /** The download link (v1 download, v2 download-beta) has expired, or a recipient's download period after completion ended. */
  DOWNLOAD_LINK_EXPIRED: 410,
  /** The body or the uploaded file is larger than the configured limit. */
  PAYLOAD_TOO_LARGE: 413,
  /** Bulk send: the CSV has more rows than one bulk send takes (50,000); refused at the first row over it. */
  BULK_CSV_TOO_MANY_ROWS: 413,
  /** The Content-Type is not one this operation accepts. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The Idempotency-Key was used before with a different request. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** Too many requests; wait for Retry-After seconds. */
  TOO_MANY_REQUESTS: 429,
  /** Signing API: too many one-time codes requested (1 a minute, 5 an hour); see Retry-After. */
  VERIFICATION_RESEND_LIMIT: 429,
  /** Signing API: 5 wrong access codes or CUILs; verification of that kind waits until Retry-After. */
  VERIFICATION_LOCKED: 429,
  /** A template's direct link mailed its FIRMA_DIRECT_LINK_USES_PER_HOUR codes this hour; see Retry-After. */
  DIRECT_LINK_LIMIT_REACHED: 429,
  /** An unexpected failure; the request id identifies it in the server log. */
  INTERNAL_ERROR: 500,
  /** Remote signing: the CSC provider did not answer, or answered something Firma cannot use. */
  CSC_PROVIDER_ERROR: 502,
  /** A dependency (database) is not reachable. */
  SERVICE_UNAVAILABLE: 503,
  /** Signing API: neither the certificate's OCSP responder nor its CRL could be reached; try again later. */
  CERT_REVOCATION_UNAVAILABLE: 503,
  /** The database is unreachable or cannot write right now; retry after Retry-After seconds. */
  DATABASE_UNAVAILABLE: 503,
  /** A recipient's `authOptions` object and its top-level `accessAuth`/`actionAuth` say different things. */
  AUTH_OPTIONS_CONFLICT: 400,
  /** A request member Firma does not know whose name speaks of auth, a password, a secret or a token: refused, never dropped. */
  UNKNOWN_SECURITY_MEMBER: 400,
  /** The blob store (S3 bucket or data dir) is unreachable right now; retry after Retry-After seconds. */
  STORAGE_UNAVAILABLE: 503,
  /** The disk holding blobs or the SQLite database is full (or over quota); retry once space is freed. */
  STORAGE_FULL: 503,
  /* Accounts and sessions of the web app (`/api/app`, docs/accounts.md). */
  /** No session cookie, or its session ended (signed out, revoked, idle or past its absolute limit). */
  SESSION_REQUIRED: 401,
  /** Sign-in: the e-mail or the password is wrong (the same answer whether or not an account has the address). */
  SIGN_IN_FAILED: 401,
  /** Sign-in: the password is right and the account uses TOTP: send `totpCode` (or a `recoveryCode`) too. */
  TOTP_REQUIRED: 401,
  /** The TOTP code (or recovery code) is wrong, or was already used. */
  TOTP_CODE_INVALID: 400,
  /** The password typed again to confirm a change is not the account's. */
  PASSWORD_INCORRECT: 400,
  /** A new password breaks the policy: fewer than 10 characters, the e-mail address, or a common password. */
  PASSWORD_TOO_WEAK: 400,
  /** A state-changing request without the session's X-CSRF-Token, or from another origin than FIRMA_PUBLIC_URL. */
  CSRF_REFUSED: 403,
  /** A verification, password-reset, invitation or setup link that is unknown, already used or expired. */
  ACCOUNT_LINK_INVALID: 404,
  /** TOTP setup or enabling while TOTP is already on. */
  TOTP_ALREADY_ENABLED: 409,
  /** Enabling TOTP before its setup, or turning off TOTP that is not on. */
  TOTP_NOT_SET_UP: 409,
  /** Sign-in: too many consecutive failures for this e-mail address; wait for Retry-After (it doubles each time). */
  SIGN_IN_LOCKED: 429,
  /** A passkey answer whose challenge Firma did not hand out for this step, or already spent or expired. */
  PASSKEY_CHALLENGE_INVALID: 400,
  /** Adding a passkey: the browser's answer does not verify (origin, RP ID, attestation). */
  PASSKEY_VERIFICATION_FAILED: 400,
  /** Adding a passkey the account (or another) already has. */
  PASSKEY_ALREADY_REGISTERED: 409,
  /** Passkey sign-in: unknown credential, bad signature, wrong origin, counter gone back (the same answer for each). */
  PASSKEY_SIGN_IN_FAILED: 401,
  /** The user has no passkey with this id (another user's answers the same). */
  PASSKEY_NOT_FOUND: 404,
  /** Recipient verification (ACCOUNT, PASSKEY): sign in to the Firma account with the recipient's e-mail first. */
  RECIPIENT_SIGN_IN_REQUIRED: 401,
  /** Recipient verification (ACCOUNT, PASSKEY): the account signed in is not the recipient's (another e-mail, or one not verified). */
  RECIPIENT_ACCOUNT_MISMATCH: 403,
  /** Recipient verification (PASSKEY): the recipient's account has no passkey yet. */
  RECIPIENT_NO_PASSKEY: 409,
  /** Recipient verification (PASSKEY): the answer does not verify (unknown credential, another account's, bad signature). */
  RECIPIENT_PASSKEY_FAILED: 400,
  /** Recipient verification (PASSWORD): the recipient's account password is wrong. */
  ACCOUNT_PASSWORD_INVALID: 400,
  /** A sign-up link was asked for an e-mail that already has a Firma account: sign in instead. */
  ACCOUNT_EXISTS: 409,
  /** A platform's last ADMIN cannot be demoted or removed: make another member ADMIN first. */
  LAST_ADMIN: 400,
  /** Single sign-on is not configured (FIRMA_OIDC_ISSUER unset). */
  OIDC_NOT_CONFIGURED: 404,
  /** Single sign-on callback: not started in this browser (no or another state), or older than ten minutes. */
  OIDC_STATE_INVALID: 400,
  /** Single sign-on: the provider refused, or its answer failed a check (a code used twice, the ID token, the nonce). */
  OIDC_SIGN_IN_REFUSED: 401,
  /** Single sign-on: the provider does not say the e-mail address is verified. */
  OIDC_EMAIL_NOT_VERIFIED: 403,
  /** Single sign-on: no account has the address, and FIRMA_OIDC_ALLOW_SIGN_UP is off. */
  OIDC_NO_ACCOUNT: 403,
  /** Single sign-on: the provider cannot be reached right now. */
  OIDC_PROVIDER_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;
