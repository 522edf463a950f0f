package yamldoc

import "strings"

// Part is one document of a multi-document stream.
type Part struct {
	Text      string
	StartLine int // 1-based line of the document's first line in the stream
}

// SplitDocuments splits a stream on "---" lines, as kubectl's YAML reader
// does; documents with nothing but comments and blank lines are dropped.
func SplitDocuments(data string) []Part {
	var docs []Part
	start, from := 1, 0
	line := 1
	flush := func(to int) {
		if text := data[from:to]; hasContent(text) {
			docs = append(docs, Part{Text: text, StartLine: start})
		}
	}
	for i := 0; i < len(data); {
		end := strings.IndexByte(data[i:], '\n')
		next := len(data)
		if end >= 0 {
			next = i + end + 1
		}
		l := strings.TrimRight(data[i:next], "\r\n")
		if l == "---" || strings.HasPrefix(l, "--- ") {
			flush(i)
			from, start = next, line+1
		}
		i = next
		line++
	}
	flush(len(data))
	return docs
}

// hasContent reports a line that is neither blank nor a comment.
func hasContent(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			return true
		}
	}
	return false
}
