// The job queue (issue 16, docs/jobs.md): define a job type, enqueue it in your transaction, read
// its progress. pg-boss underneath, on the same database as everything else.

export { registerJobs } from './plugin';
export { createJobQueue, type JobQueue, type JobQueueOptions } from './queue';
export type { EnqueueOptions, JobContext, JobDefinition, JobOwner, JobState, JobView } from './types';
