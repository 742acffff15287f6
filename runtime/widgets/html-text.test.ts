import { describe, expect, it } from 'vitest';
import { htmlText } from './html-text';

describe('htmlText: the one-line text of rich text in a list cell', () => {
  it('drops tags, keeps the words of separate blocks apart and decodes character references', () => {
    expect(htmlText('<p>选用FAS级北美黑胡桃木，含水率控制在8%~12%。</p><p>支持尺寸&amp;漆面定制</p>')).toBe(
      '选用FAS级北美黑胡桃木，含水率控制在8%~12%。 支持尺寸&漆面定制',
    );
    expect(htmlText('a<br>b<strong>c</strong>&lt;tag&gt; &quot;q&quot; &#x6728;&#26408;&nbsp;x')).toBe(
      'a bc<tag> "q" 木木\u00a0x'.replace(/\s+/g, ' '),
    );
  });

  it('shows nothing of scripts and styles, and leaves what is not a reference as written', () => {
    expect(htmlText('<style>p{color:red}</style><script>alert(1)</script><p>ok</p>')).toBe('ok');
    expect(htmlText('Tom &amp Jerry &bogus; &#0; &#x110000;')).toBe('Tom &amp Jerry &bogus; &#0; &#x110000;');
    expect(htmlText('   ')).toBe('');
  });
});
