// pg 9 will refuse a query sent on a connection that is still running one; pg 8 queues it and warns once
// per process. Inside a transaction that means a Promise.all over one connection: fail the test file
// that does it, instead of a warning lost in the CI log.
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
    throw new Error(`Concurrent queries on one PostgreSQL connection (a transaction?): ${warning.stack}`);
  }
});
