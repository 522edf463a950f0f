package scenario

import "strings"

// KlogLines turns what klog wrote, one header line per entry, into the
// warnings an upstream adapter reports: "<severity> <message>".
func KlogLines(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if line == "" {
			continue
		}
		i := strings.Index(line, "] ")
		if i < 0 {
			out = append(out, "? "+line)
			continue
		}
		out = append(out, line[:1]+" "+line[i+2:])
	}
	return out
}
