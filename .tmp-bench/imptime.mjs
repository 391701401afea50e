for (const m of process.argv.slice(2)) { const t=performance.now(); await import(m); console.log(Math.round(performance.now()-t), m); }
