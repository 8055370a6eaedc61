// The trusted packet sequence ids the simulated tracing service writes under: one per producer (the service itself,
// process stats, SurfaceFlinger's FrameTimeline) and one per CPU's ftrace data (ftraceBase + cpu).
export const SEQUENCE = { service: 1, processStats: 2, frameTimeline: 3, ftraceBase: 10 } as const;
