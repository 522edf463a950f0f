package kubeletstart

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
	"github.com/kubexplorer/kubexplorer/core/sim"
)

// VirtualPID is the thread id printed in every klog header. Real lines carry
// the wall-clock time and the kubelet's pid; the model prints sim.Epoch and
// this fixed number so transcripts are stable.
const VirtualPID = 12345

// Line is one line (or one multi-line record) the kubelet would print on
// stderr, in print order.
type Line struct {
	// Kind classifies the line for display: "fatal", "error", "warning",
	// "info", "notice" (pflag deprecation), "panic", "usage", "output".
	Kind string `json:"kind"`
	// Text is the exact text, klog header included. Multi-line records
	// (panics, multi-line values) contain newlines.
	Text string `json:"text"`
}

// klogHeader renders "Lmmdd hh:mm:ss.uuuuuu <pid> file:line] ".
func klogHeader(sev byte, site string) string {
	t := sim.Epoch
	return fmt.Sprintf("%c%02d%02d %02d:%02d:%02d.%06d %7d %s] ", sev, int(t.Month()), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond()/1000, VirtualPID, site)
}

func kindOf(sev byte) string {
	switch sev {
	case 'F':
		return "fatal"
	case 'E':
		return "error"
	case 'W':
		return "warning"
	}
	return "info"
}

// printfLine is a klog printf-style line (klog.Warningf, klog.Fatal).
func printfLine(sev byte, site, msg string) Line {
	return Line{Kind: kindOf(sev), Text: klogHeader(sev, site) + msg}
}

// kv is one key/value pair of a structured line.
type kv struct {
	key string
	val any
}

// structuredLine is a klog InfoS/ErrorS line: quoted message, then
// key=value pairs, err first for ErrorS.
func (e era) structuredLine(sev byte, site, msg string, pairs ...kv) Line {
	var b strings.Builder
	b.WriteString(klogHeader(sev, site))
	b.WriteString(strconv.Quote(msg))
	for _, p := range pairs {
		b.WriteByte(' ')
		b.WriteString(p.key)
		b.WriteByte('=')
		switch v := p.val.(type) {
		case string:
			b.WriteString(e.quoteValue(v))
		case error:
			b.WriteString(e.quoteValue(v.Error()))
		case bool:
			b.WriteString(strconv.FormatBool(v))
		default:
			b.WriteString(e.quoteValue(fmt.Sprint(v)))
		}
	}
	return Line{Kind: kindOf(sev), Text: b.String()}
}

// quoteValue formats a string value: strconv.Quote, except that klog
// v2.80+ prints values with newlines as an indented key=<…> block.
func (e era) quoteValue(v string) string {
	if !e.multilineValues || !strings.Contains(v, "\n") {
		return strconv.Quote(v)
	}
	var b strings.Builder
	b.WriteString("<\n")
	data := v
	for {
		i := strings.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		b.WriteByte('\t')
		b.WriteString(data[:i+1])
		data = data[i+1:]
	}
	if data == "" {
		b.WriteString(" >")
	} else {
		b.WriteByte('\t')
		b.WriteString(data)
		b.WriteString("\n >")
	}
	return b.String()
}

// Source locations printed in klog headers. Verified: server.go lines of
// 1.18.19 (157, 183, 209, 216), run.go:72 (1.37); warningSite's lines are
// read from component-base's source of each minor. Others are
// stable-looking approximations; the UI says so.
func (e era) site(name string) string {
	switch name {
	case "parse":
		return e.serverLine(157, 140, 0)
	case "flagGates":
		return e.serverLine(183, 165, 0)
	case "flagValidate":
		return e.serverLine(188, 171, 0)
	case "loadConfig":
		return e.serverLine(196, 182, 0)
	case "precedence":
		return e.serverLine(202, 189, 0)
	case "mergedGates":
		return e.serverLine(209, 194, 0)
	case "validate":
		return e.serverLine(216, 204, 0)
	case "dynamic":
		return e.serverLine(235, 221, 0)
	case "dynamicGates":
		return e.serverLine(242, 229, 0)
	case "command":
		return e.serverLine(163, 147, 0)
	case "codec":
		return "codec.go:73"
	case "run":
		return "run.go:72"
	}
	return "server.go:1"
}

func (e era) serverLine(v118, v121, _ int) string {
	if e.minor <= 20 {
		return fmt.Sprintf("server.go:%d", v118)
	}
	return fmt.Sprintf("server.go:%d", v121)
}

// warningSite is the feature_gate.go line of the library's warning call
// (identical within a component-base minor). From v0.36 the warnings go
// through klog.Background()'s logr.Logger; klog's own sink has no
// call-stack helper, so the line is still that of the logger.Info call.
func warningSite(lib featuregate.Library, kind featuregate.WarningKind) string {
	type lines struct{ ga, dep int }
	var l lines
	switch {
	case lib <= 21:
		l = lines{235, 233}
	case lib <= 25:
		l = lines{237, 235}
	case lib <= 29:
		l = lines{241, 239}
	case lib == 30:
		l = lines{246, 244}
	case lib <= 32:
		l = lines{354, 352}
	case lib <= 34:
		l = lines{352, 350}
	case lib == 35:
		l = lines{410, 408}
	default:
		l = lines{444, 442}
	}
	if kind == featuregate.WarnSetDeprecated {
		return fmt.Sprintf("feature_gate.go:%d", l.dep)
	}
	return fmt.Sprintf("feature_gate.go:%d", l.ga)
}
