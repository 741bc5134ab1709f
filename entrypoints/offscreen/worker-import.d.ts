// Vite's `?worker` import: a constructor of the bundled dedicated worker.
declare module '*?worker' {
  const WorkerConstructor: new () => Worker;
  export default WorkerConstructor;
}
