'use strict';
// A small pool of worker threads that run compiled functions off the event loop. Calls queue
// when every worker is busy; workers start on demand and are unref'd while idle, so an idle
// pool never keeps the process alive.
const os = require('os');
const path = require('path');
const { Worker } = require('worker_threads');
const { MunaError } = require('./errors');

class WorkerPool {
  /** `size`: how many calls run at once (default: the machine's parallelism, at most 4). */
  constructor(size = Math.min(4, os.availableParallelism ? os.availableParallelism() : os.cpus().length)) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`workers must be a positive integer, not ${size}`);
    this.size = size;
    this.workers = [];
    this.idle = [];
    this.queue = [];
    this.closed = false;
  }

  /** Makes `calls` ([{ name, args }]: functions of the library at `file`, positional args)
   * one after another on one worker; resolves to their results, rejects with MunaError for
   * what a function raised. One job holds one worker, so `size` bounds the jobs at once. */
  run(file, calls) {
    if (this.closed) return Promise.reject(new Error('the muna worker pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ message: { file, calls }, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker; calls still queued or running reject. */
  async close() {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the muna worker pool was closed'));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  dispatch() {
    while (this.queue.length) {
      let worker = this.idle.pop();
      if (!worker && this.workers.length < this.size) worker = this.start();
      if (!worker) return;
      const job = this.queue.shift();
      worker.job = job;
      worker.ref();
      worker.postMessage(job.message);
    }
  }

  start() {
    const worker = new Worker(path.join(__dirname, 'worker.js'));
    this.workers.push(worker);
    worker.on('message', ({ error, value }) => {
      const { job } = worker;
      worker.job = null;
      worker.unref();
      this.idle.push(worker);
      if (!error) job.resolve(value);
      else if (error.munaError) job.reject(new MunaError(error.message));
      else job.reject(Object.assign(new Error(error.message), { stack: error.stack }));
      this.dispatch();
    });
    // A worker that dies (a bug in the client, not a raised exception) fails its call only.
    worker.on('error', (e) => this.retire(worker, e));
    worker.on('exit', (code) => this.retire(worker, new Error(`a muna worker exited with code ${code}`)));
    return worker;
  }

  retire(worker, error) {
    this.workers = this.workers.filter((w) => w !== worker);
    this.idle = this.idle.filter((w) => w !== worker);
    if (worker.job) worker.job.reject(this.closed ? new Error('the muna worker pool was closed') : error);
    worker.job = null;
    if (!this.closed) this.dispatch();
  }
}

module.exports = { WorkerPool };
