package cri

import (
	"context"
	"time"
)

type callerKey struct{}
type elapsedKey struct{}

// WithCaller tags ctx with who makes the calls ("pleg", "sync default/web").
func WithCaller(ctx context.Context, caller string) context.Context {
	return context.WithValue(ctx, callerKey{}, caller)
}

// CallerOf returns the caller tag of ctx.
func CallerOf(ctx context.Context) string {
	s, _ := ctx.Value(callerKey{}).(string)
	return s
}

// Elapsed receives the virtual time a call kept its caller blocked.
type Elapsed struct{ D time.Duration }

// WithElapsed returns a context whose calls report their virtual duration
// into the returned Elapsed. Use a fresh one per blocking call.
func WithElapsed(ctx context.Context) (context.Context, *Elapsed) {
	e := &Elapsed{}
	return context.WithValue(ctx, elapsedKey{}, e), e
}

// ReportElapsed is called by a virtual-time runtime: the call that received
// ctx would have blocked its caller for d.
func ReportElapsed(ctx context.Context, d time.Duration) {
	if e, ok := ctx.Value(elapsedKey{}).(*Elapsed); ok && d > e.D {
		e.D = d
	}
}

type probeTypeKey struct{}

// WithProbeType tags the ExecSync calls of an exec probe with the probe
// type (liveness, readiness, startup). Real runtimes never see it; the fake
// runtime uses it to answer from the health script steps of that probe
// type, as it does for HTTP, TCP and gRPC probes.
func WithProbeType(ctx context.Context, probeType string) context.Context {
	return context.WithValue(ctx, probeTypeKey{}, probeType)
}

// ProbeTypeOf returns the probe type tag of ctx ("" for other calls).
func ProbeTypeOf(ctx context.Context) string {
	s, _ := ctx.Value(probeTypeKey{}).(string)
	return s
}
