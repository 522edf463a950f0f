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
