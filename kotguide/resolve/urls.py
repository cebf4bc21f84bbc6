from django.urls import path

from . import views

app_name = "resolve"
urlpatterns = [
    path("resolve/", views.form, name="form"),
]
