export { ZStoredFieldValue, type StoredFieldValue } from '../../lib/stored/field-value.js';
