package util

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

func TestLoggerSeveritiesAndText(t *testing.T) {
	clock := sim.NewClock(sim.Epoch)
	l := NewLogger(clock)
	l.Infof("a.go", "plain %s", "info")
	clock.Advance(1500 * time.Millisecond)
	l.V(4, "b.go", "verbose")
	l.Warningf("c.go", "warn %d", 1)
	l.HandleError("d.go", errors.New("100% broken"))
	l.Errorf("e.go", "error")
	l.Fatalf("f.go", "fatal")
	l.Panic("g.go", "runtime error: index out of range [-1]")
	var texts []string
	for _, e := range l.Entries() {
		texts = append(texts, e.Text())
	}
	require.Equal(t, []string{
		"I0101 00:00:00.000000 a.go] plain info",
		"I0101 00:00:01.500000 b.go] verbose",
		"W0101 00:00:01.500000 c.go] warn 1",
		"E0101 00:00:01.500000 d.go] 100% broken",
		"E0101 00:00:01.500000 e.go] error",
		"F0101 00:00:01.500000 f.go] fatal",
		"panic: runtime error: index out of range [-1]",
	}, texts)
	require.Equal(t, 4, l.Entries()[1].Verbosity)
	require.Equal(t, 7, l.Len())
	require.Equal(t, []LogEntry{l.Entries()[6]}, l.Since(6))
	require.Nil(t, l.Since(7))
	require.Nil(t, l.Since(8))
}

func TestLoggerLimitAndNil(t *testing.T) {
	l := NewLogger(sim.NewClock(sim.Epoch))
	l.Limit = 2
	for i := 0; i < 5; i++ {
		l.Infof("a.go", "line %d", i)
	}
	require.Equal(t, 2, l.Len())
	require.Equal(t, "line 1", l.Entries()[1].Message)
	require.Equal(t, 3, l.Dropped)

	l.Limit = 0 // unbounded
	l.Infof("a.go", "more")
	require.Equal(t, 3, l.Len())

	var none *Logger
	require.NotPanics(t, func() { none.Infof("a.go", "discarded") }, "a nil logger is a valid sink")
}

func TestWrapAndTitle(t *testing.T) {
	base := errors.New("not found")
	err := Wrap(base, "Failed to get %q", "ns/x")
	require.EqualError(t, err, `Failed to get "ns/x": not found`)
	require.ErrorIs(t, err, base)
	require.NoError(t, Wrap(nil, "unused"))
	require.EqualError(t, Errorf("a %d", 1), "a 1")
	for in, want := range map[string]string{"create": "Create", "update": "Update", "delete": "Delete", "update status": "Update Status", "": ""} {
		require.Equal(t, want, Title(in))
	}
}
