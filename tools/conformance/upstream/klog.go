package upstream

import (
	"bytes"
	"flag"
	"sync"

	"k8s.io/klog/v2"

	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
)

// Log captures what the library logs; each entry comes back as
// "<severity letter> <message>".
type Log interface {
	// Take returns and forgets the entries logged since the last call.
	Take() []string
}

// KlogV2 captures k8s.io/klog/v2, which component-base uses from v0.19.
var KlogV2 Log = &klogV2{}

type klogV2 struct {
	once sync.Once
	buf  bytes.Buffer
}

// capture sends klog's output, one header line per entry, to the buffer.
func (k *klogV2) capture() {
	k.once.Do(func() {
		fs := flag.NewFlagSet("klog", flag.ContinueOnError)
		klog.InitFlags(fs)
		for name, v := range map[string]string{"logtostderr": "false", "alsologtostderr": "false", "one_output": "true", "stderrthreshold": "FATAL"} {
			if err := fs.Set(name, v); err != nil {
				panic(err)
			}
		}
		klog.SetOutput(&k.buf)
	})
}

func (k *klogV2) Take() []string {
	k.capture()
	klog.Flush()
	text := k.buf.String()
	k.buf.Reset()
	return scenario.KlogLines(text)
}
