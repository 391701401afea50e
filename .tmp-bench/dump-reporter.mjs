export default async function* (source) {
  for await (const e of source) {
    if (e.type === 'test:pass' || e.type === 'test:fail') yield `${e.type} nesting=${e.data.nesting} name=${e.data.name} file=${e.data.file} dur=${e.data.details?.duration_ms}\n`;
  }
}
