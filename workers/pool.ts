/** The bulk render pool is the engine package's (`@pod-studio/engine/pool`); the app uses it as is. */
export {
  RenderPool,
  defaultPoolSize,
  keyedJob,
  JobQueue,
  JobHistory,
  poolSizeFor,
  MAX_POOL_SIZE,
  type JobResult,
  type JobRun,
  type RunOptions,
  type EngineWorkerApi as RenderWorkerApi,
} from '@pod-studio/engine/pool';
