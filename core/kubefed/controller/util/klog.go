package util

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// LogEntry is one line a kubefed component would print through klog.
type LogEntry struct {
	Time      time.Time `json:"time"`
	Severity  string    `json:"severity"` // I, W, E, F
	Verbosity int       `json:"v"`        // klog.V level; 0 for unconditional lines
	Source    string    `json:"source"`   // upstream file that prints it
	Message   string    `json:"message"`
}

// Text renders the entry in klog's header format (without a thread id or
// line number, which the model does not know).
func (e LogEntry) Text() string {
	if e.Severity == SeverityPanic {
		// A Go panic is not a klog line: the runtime prints it to stderr
		// (followed by the goroutines' stacks, left out here).
		return "panic: " + e.Message
	}
	return fmt.Sprintf("%s%s %s] %s", e.Severity, e.Time.UTC().Format("0102 15:04:05.000000"), e.Source, e.Message)
}

// Logger collects log entries on virtual time. It keeps the first Limit
// entries (none dropped when Limit is 0) and counts the rest in Dropped;
// a nil Logger discards everything.
type Logger struct {
	clock   *sim.Clock
	entries []LogEntry
	Limit   int
	Dropped int
}

// NewLogger returns a logger stamping entries with clock's time.
func NewLogger(clock *sim.Clock) *Logger { return &Logger{clock: clock, Limit: 200000} }

func (l *Logger) add(sev string, v int, src, format string, args ...any) {
	if l == nil {
		return
	}
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	if l.Limit > 0 && len(l.entries) >= l.Limit {
		l.Dropped++
		return
	}
	l.entries = append(l.entries, LogEntry{Time: l.clock.Now(), Severity: sev, Verbosity: v, Source: src, Message: msg})
}

// Infof is klog.Infof.
func (l *Logger) Infof(src, format string, args ...any) { l.add("I", 0, src, format, args...) }

// V is klog.V(n).Infof.
func (l *Logger) V(n int, src, format string, args ...any) { l.add("I", n, src, format, args...) }

// Warningf is klog.Warningf.
func (l *Logger) Warningf(src, format string, args ...any) { l.add("W", 0, src, format, args...) }

// HandleError is utilruntime.HandleError: an error line.
func (l *Logger) HandleError(src string, err error) { l.add("E", 0, src, "%s", err.Error()) }

// Errorf is klog.Errorf.
func (l *Logger) Errorf(src, format string, args ...any) { l.add("E", 0, src, format, args...) }

// SeverityPanic marks the line the Go runtime prints for a panic.
const SeverityPanic = "panic"

// Panic records a Go runtime panic's first line.
func (l *Logger) Panic(src, msg string) { l.add(SeverityPanic, 0, src, "%s", msg) }

// Fatalf is klog.Fatalf; the caller decides what exiting means.
func (l *Logger) Fatalf(src, format string, args ...any) { l.add("F", 0, src, format, args...) }

// Entries returns all entries.
func (l *Logger) Entries() []LogEntry { return l.entries }

// Len returns the number of entries.
func (l *Logger) Len() int { return len(l.entries) }

// Since returns entries from index i on.
func (l *Logger) Since(i int) []LogEntry {
	if i >= len(l.entries) {
		return nil
	}
	return l.entries[i:]
}

// Wrap is errors.Wrapf's message shape: "<msg>: <err>".
func Wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return &wrapped{msg: fmt.Sprintf(format, args...), err: err}
}

type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg + ": " + w.err.Error() }
func (w *wrapped) Unwrap() error { return w.err }

// Errorf builds a plain error.
func Errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// Title is strings.Title for the ASCII verbs the dispatcher uses.
func Title(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
