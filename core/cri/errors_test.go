package cri

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestCodes(t *testing.T) {
	for c, name := range codeNames {
		if c.String() != name {
			t.Errorf("%d: %q, want %q", int(c), c.String(), name)
		}
		if got, ok := ParseCode(name); !ok || got != c {
			t.Errorf("ParseCode(%q) = %v %v", name, got, ok)
		}
	}
	if Code(42).String() != "Code(42)" {
		t.Errorf("an unnamed code: %q", Code(42).String())
	}
	for _, s := range []string{"", "notfound", "Code(5)", "5"} {
		if _, ok := ParseCode(s); ok {
			t.Errorf("ParseCode(%q) accepted", s)
		}
	}
}

// TestStatusErrors: errors read the way grpc's status errors do, and the
// helpers see through wrapping.
func TestStatusErrors(t *testing.T) {
	err := Errorf(NotFound, "container %q not found", "abc")
	if err.Error() != `rpc error: code = NotFound desc = container "abc" not found` {
		t.Errorf("Error %q", err.Error())
	}
	wrapped := fmt.Errorf("sync: %w", err)
	for _, tt := range []struct {
		err      error
		code     Code
		message  string
		notFound bool
	}{
		{nil, OK, "", false},
		{err, NotFound, `container "abc" not found`, true},
		{wrapped, NotFound, `container "abc" not found`, true},
		{errors.New("plain"), Unknown, "plain", false},
		{CanceledError(), Canceled, "context canceled", false},
	} {
		if CodeOf(tt.err) != tt.code || Message(tt.err) != tt.message || IsNotFound(tt.err) != tt.notFound {
			t.Errorf("%v: code %v message %q notFound %v", tt.err, CodeOf(tt.err), Message(tt.err), IsNotFound(tt.err))
		}
	}
	var s *Status
	if !errors.As(wrapped, &s) || s.Message() != `container "abc" not found` {
		t.Error("Status.Message")
	}
}

func TestContextTags(t *testing.T) {
	ctx := WithProbeType(WithCaller(context.Background(), "pleg"), "liveness")
	if CallerOf(ctx) != "pleg" || ProbeTypeOf(ctx) != "liveness" {
		t.Errorf("tags: %q %q", CallerOf(ctx), ProbeTypeOf(ctx))
	}
	if CallerOf(context.Background()) != "" || ProbeTypeOf(context.Background()) != "" {
		t.Error("an untagged context has tags")
	}
	ctx, e := WithElapsed(ctx)
	ReportElapsed(ctx, 2*time.Second)
	ReportElapsed(ctx, time.Second) // the longest wait counts
	if e.D != 2*time.Second {
		t.Errorf("elapsed %v", e.D)
	}
	ReportElapsed(context.Background(), time.Hour) // nobody listening: no effect
}
