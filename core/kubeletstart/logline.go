package kubeletstart

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/featuregate"
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

// klogStamp is klog's header between the severity letter and the file,
// "mmdd hh:mm:ss.uuuuuu <pid> " (klog's "%02d%02d %02d:%02d:%02d.%06d
// %7d "), for sim.Epoch and VirtualPID: the model's every line carries the
// same (TestKlogHeader holds it to klog's format). A constant, not fmt: a
// first evaluation that warns would otherwise compile fmt's printer (35 kB
// of WebAssembly) for this line alone (issue 15).
const klogStamp = "0101 00:00:00.000000   12345 "

// klogHeader renders "Lmmdd hh:mm:ss.uuuuuu <pid> file:line] ".
func klogHeader(sev byte, site string) string {
	return string(sev) + klogStamp + site + "] "
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

// Source locations printed in klog headers, read from each release's
// source (cmd/kubelet/app/server.go, pkg/kubelet/kubeletconfig/util/codec,
// component-base cli/run.go) and checked against real 1.18.19 and 1.37
// kubelets where the facts file says so.
func (e era) site(name string) string {
	switch name {
	case "codec":
		return fmt.Sprintf("codec.go:%d", codecLine(e.minor))
	case "run":
		if e.minor >= 25 && e.minor <= 30 {
			return "run.go:74"
		}
		if e.minor >= 31 {
			return "run.go:72"
		}
	}
	if l, ok := serverLine(e.minor, name); ok {
		return fmt.Sprintf("server.go:%d", l)
	}
	return "server.go:1"
}

// serverLines: the klog.Fatal (1.18–1.20) or klog.ErrorS (1.21–1.23) call
// of each start-up step in cmd/kubelet/app/server.go, and the later
// releases' info lines (skipped drop-in files, the effective configuration).
var serverLines = []struct {
	minor int
	lines []siteLine
}{
	{18, []siteLine{{"parse", 157}, {"command", 164}, {"flagGates", 183}, {"flagValidate", 188}, {"loadConfig", 199}, {"precedence", 205}, {"mergedGates", 209}, {"validate", 216}, {"dynamic", 232}, {"dynamicGates", 240}, {"run", 274}}},
	{19, []siteLine{{"parse", 156}, {"command", 163}, {"flagGates", 182}, {"flagValidate", 187}, {"loadConfig", 198}, {"precedence", 204}, {"mergedGates", 208}, {"validate", 215}, {"dynamic", 231}, {"dynamicGates", 239}, {"run", 265}}},
	{20, []siteLine{{"parse", 156}, {"command", 163}, {"flagGates", 182}, {"flagValidate", 187}, {"loadConfig", 198}, {"precedence", 204}, {"mergedGates", 208}, {"validate", 215}, {"dynamic", 235}, {"dynamicGates", 243}, {"run", 269}}},
	{21, []siteLine{{"parse", 156}, {"command", 164}, {"flagGates", 186}, {"flagValidate", 192}, {"loadConfig", 204}, {"precedence", 211}, {"mergedGates", 216}, {"validate", 224}, {"dynamic", 245}, {"dynamicGates", 254}, {"run", 292}}},
	{22, []siteLine{{"parse", 158}, {"command", 166}, {"flagGates", 188}, {"flagValidate", 194}, {"loadConfig", 206}, {"precedence", 213}, {"mergedGates", 218}, {"validate", 226}, {"dynamic", 247}, {"dynamicGates", 256}, {"run", 294}}},
	{23, []siteLine{{"parse", 158}, {"command", 166}, {"flagGates", 187}, {"flagValidate", 193}, {"loadConfig", 205}, {"precedence", 212}, {"mergedGates", 217}, {"validate", 225}, {"dynamic", 246}, {"dynamicGates", 255}, {"run", 302}}},
	{36, []siteLine{{"skippedDropin", 296}}},
	{37, []siteLine{{"skippedDropin", 299}, {"effectiveConfig", 257}}},
}

// siteLine is the line of one step's call.
type siteLine struct {
	step string
	line int
}

// serverLine is the line of a step's call in a release, if known.
func serverLine(minor int, step string) (int, bool) {
	for _, r := range serverLines {
		if r.minor != minor {
			continue
		}
		for _, l := range r.lines {
			if l.step == step {
				return l.line, true
			}
		}
	}
	return 0, false
}

// codecLine is the line of the lenient-decoding warning in the kubelet's
// config codec.
func codecLine(minor int) int {
	switch {
	case minor <= 22:
		return 118
	case minor <= 26:
		return 117
	case minor <= 28:
		return 98
	case minor <= 33:
		return 100
	}
	return 102
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
	line := l.ga
	if kind == featuregate.WarnSetDeprecated {
		line = l.dep
	}
	return "feature_gate.go:" + strconv.Itoa(line)
}
