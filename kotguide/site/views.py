from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "site/home.html")


@require_safe
def about(request: HttpRequest) -> HttpResponse:
    return render(request, "site/about.html")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "site/error.html", {"status": 404}, status=404)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "site/error.html", {"status": 400}, status=400)


def server_error(request: HttpRequest) -> HttpResponse:
    return render(request, "site/error.html", {"status": 500}, status=500)
