"""Exact round-1 bids of the ``expert`` player, packed: written by ``tools/gen_expert_round1.py``.

Do not edit by hand. ``R1_OPEN[v * R1_OPEN_LEN + R1_OPEN_AT[n - 3] + (seat * 2 ** (n - 1) + history)
* 15 + class]`` and ``R1_HIDDEN[v * R1_HIDDEN_LEN + R1_HIDDEN_AT[n - 3] + seat * 15 + class]``: bit ``c``
set when the card of canonical id ``c`` bids 1 (``v = 2 * alternative + blind``; see the script).
"""

import base64
import zlib

import numpy as np

R1_OPEN_AT = np.array([0, 180, 660, 1860], np.int64)
R1_OPEN_LEN = 4740
R1_HIDDEN_AT = np.array([0, 45, 105, 180], np.int64)
R1_HIDDEN_LEN = 270

_OPEN = (
    "eNrt3UFu5EQUxnFLvWGB6CwQGZGk+yochSOwzKI1tjQHCUdgySIiPgJLFhHxkkVELCUiLVLjIhp/dlqG1gyT7vfcrv9v8wmk"
    "UHSc6vKzy8/NMntWZ++VT8pH5Z3yRnmlzJVxoTxTniiPlXNlK4v6uTDIv5V/Kf9U/q78RflW2WjcRuM2GrfRuI3GbT3nqXL5"
    "uiw0bqFxC41baNxi27hv9pRfK7/cHPdFsyxn51l8Pr5tPikflXfKG+WVMlfGhfJMeaI8Vs6VOr7l8r//P7AfjfH8rfRz9Ufy"
    "D+Vvyp+V58q1xl1r3LXGXWvc9XAevUnz78rq+Ha/5+77OVvsKDVupnEzjZttO76m38+Z/9+V9ec9HfzeTXLIa1x7Vuc54SLe"
    "503MCtZf4GDX337+nu44v1V+o/xq8H15xPcGmL+vnb+l1/nzkce4Gd8bmGb9a3q9LuH5m1q9nxrX6xuwkc71nNR057Ofmj8q"
    "v1dWmr+V5m+l+Vtp/lbz7ufXs7yKL/MfAICErbv75YN8UN4qr5WXylV330nrb9D6G7T+Bq2/YXgdaTmoR/eVX2ypfwEAGAG3"
    "+79e66/1PlXWfQDACNbf0vv+r+m+rxGsv+xXAQDW3839V9S/NlI730iN9fkV++uA3WH/JAAA011/l9VsVcSX820AAAAAAAxZ"
    "Pf/bqgfP/3olAAAAACA15u+58K5/TfddZ+wHBgAAAICRsH5Pa0H9a4t+XwAAAADwgVv/Sfpf2aD/1bRxfAEAAIDR1b+x1fd/"
    "tr7v3Lyyz9fn9dvcuN9tXXefdp+7nJ1n8fn4tvmkfFTeKW+UV8pcGRfKM+WJ8lg5V/bHt/1nTHv+Wj83sU70veFu/flN+4q/"
    "/nv5c/shF65/V96f17DfxtEYxrVndZ4TLuJ93sSX8xwAh7v+mt7XqOlLDObvFM6frd8H5H3+DObvPuav9fthT1Ocv1li9X6W"
    "3vdkatdzklwH07mekxqr/sDlcj3Lq5hVXL8CAKC/7z3MB+Wt8lp5qVx19520/gatv0Hrb9D6Gwb1b/B6PoX3SgMARsTt+rPX"
    "+uu0TxUAgFGsv173f62fZ/fe95Xa/W4XnF8BoP6l/h1I7XwjNZxfgfPJw8X+WP6e+bzg+ALTXX+X1WxVxETXXwAAAACAN6vn"
    "f1v14Plfh/fCAgAAAACS5PueC4f613TfdUbfDwAAAAAYCbf3tFL/2qDfFwAAAAB8QP+rideD9L+aNo4vdo7jCwAAqH9fW//G"
    "Vl//Wtfd3fl913/r/+Z33XPQGrfUuKXGLTVuuWVc8z69/fGtZ2/L+Px7bvNJ+ai8U94or5S5Mi6UZ8oT5bFyrtTxLelvNun5"
    "W3nN30SfI3C7Pmnal3jj+Br3Q3a/Pun6ea1y2/UV63HtWe2vCxfxPm/oLwoc8vrbnz+b3tegPxKYv7uYv31/M9N6f+P82fo6"
    "A893Y4r1r/X661X/es/f1Or91CR5fNO5vpHm501Hdz77sfxV+ZPyh66PkuZvrflba/7Wmr/1vPvvhHd5HXm/JAAAmX1/hv7+"
    "kelzIlx/BgCMi9v9X6/11/p5OtZ9AADrb3r7N9ivAgCsv5v7r1Kpf1l/sU+p7ScEmL/sjwVGg/2xwCGy6hdUqN8O/UUBAAAA"
    "AB6snv9tbVy/tn4/TkbdDQAAAAApW6seHeaD8lZ5rbxUrrq+Hap/g+rfoPo3qP4N2/pvWNe/3b+3fj8sz/8CAAAAwChYP/9L"
    "/WuMfl8AAAAA4FL/ltS/065/6Y9ki/5mAAAAwOjq39jq+z979Z226vf1r3rfuk7pf89t37H3yiflo/JOeaO8UubKuFCeKU+U"
    "x8q5sj++6nMG5u8++sZzfG1+z6Z9iTf2BRn3Qy5c/668P69h39qjMYxrz+r9zuEi3udN7L8vABzw+mt636qmLzGYv7ucv6b1"
    "/sZ5odN1BrfzZzB/p7T+Uv9O+/Om9j2Z5PFN5/pGmp83HVb9gatleJfXMau5fgUAgNn9o+48q/F6PzvvpQUAjIjb9Wev9df6"
    "eUnX+86cbwAA6+9I1t/U9m+wX4XzHACsv9S/9pJaf72w/4rjy+cF85e/Zz5vetgfCxwiq35BhfrmlOx/BgAAAAA4sHr+t1W/"
    "PP9r/X4c3usBAAAAAElbqx4d5oPyVnmtvFSuur4dqn+D6t+g+jeo/g2D+jd417/W74el7wcAAAAAjILb87/UvzZSe97ZBdc3"
    "AAAAAOpf6l/qX+rfvaK/Gdc3+LwAAACf7B9itWdK"
)
_HIDDEN = (
    "eNrt2M9phEAUgPEBC9ijB1FbSSkpIcccwjqQQpISUkGcElJBnAriQGAN0czE4GcCwkL+kHHh6eXHHuTbByLP8aUaL6fesMcO"
    "W2ywxgpDgTlmmOJucrrG39znS5NcqjB2J3vssMUGa6wwFJhjhinucLqU+ezGnXfuDgtf8YBP+Ij3uJ//N11P19P1dP2i6yN3"
    "h5vwXPmg9Erzrt01P/QWz9HStXQtXUvXLro2cteUL0llg1IrzSu1+1c1XU1X09V09ZHnOVq3tMmVHp+rYp15t27crheybwTu"
    "W2teKfuGFzLvsitl37BC5j2VrpR9Q0uZV3h3vX3DJXvzsW9M9thhiw3WWGEoMMcMU9zhdr6xnW9E6Npv+oB3eIGOrqPr6Dq6"
    "btF1kbu2HK4r93W+EXteqV39S8/m/YeuoWvoGrrmyPsqVlfzPp+/f2PPu3XjdqXsG4H7tvON7XzjP7pS9g0nZN5T6UrZN4yQ"
    "eaV33wGgWszC"
)

R1_OPEN = np.frombuffer(zlib.decompress(base64.b64decode(_OPEN)), "<u8").astype(np.uint64)
R1_HIDDEN = np.frombuffer(zlib.decompress(base64.b64decode(_HIDDEN)), "<u8").astype(np.uint64)
